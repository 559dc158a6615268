import {
  envelope,
  invitationBody,
  invitationCheckReply,
  invitationConfirmBody,
  invitationConfirmReply,
  invitationIdBody,
  invitationItem,
  invitationListQuery,
  invitationListReply,
  InvitationPaths,
  myInvitationListReply,
  myInvitationQuery,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth.ts';

/**
 * Invitations: the inviting team's calls (/system/user: invite 25, view 24) and the invitee's
 * (/msg/team/invation, /team/invitation/confirm[/check]: every signed-in user, their own only).
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const invite = requirePermission(Perm.UserInvite);

  app.post(
    InvitationPaths.invite,
    { preHandler: invite, schema: { body: invitationBody, response: { 200: envelope(invitationItem) } } },
    async (request) => ok(await invitations.invite(requireUser(request), request.body, request.ip)),
  );

  app.get(
    InvitationPaths.list,
    {
      preHandler: requirePermission(Perm.UserView),
      schema: { querystring: invitationListQuery, response: { 200: envelope(invitationListReply) } },
    },
    async (request) => ok(await invitations.list(requireUser(request), request.query)),
  );

  app.post(
    InvitationPaths.cancel,
    { preHandler: invite, schema: { body: invitationIdBody, response: { 200: envelope(invitationItem) } } },
    async (request) => ok(await invitations.cancel(requireUser(request), request.body.id)),
  );

  app.get(
    InvitationPaths.mine,
    {
      preHandler: signedIn,
      schema: { querystring: myInvitationQuery, response: { 200: envelope(myInvitationListReply) } },
    },
    async (request) => ok(await invitations.mine(requireUser(request), request.query)),
  );

  app.post(
    InvitationPaths.check,
    {
      preHandler: signedIn,
      schema: { body: invitationIdBody, response: { 200: envelope(invitationCheckReply) } },
    },
    async (request) => ok(await invitations.check(requireUser(request), request.body.id)),
  );

  app.post(
    InvitationPaths.confirm,
    {
      preHandler: signedIn,
      schema: { body: invitationConfirmBody, response: { 200: envelope(invitationConfirmReply) } },
    },
    async (request) =>
      ok(await invitations.confirm(requireUser(request), request.body.id, request.body.accept)),
  );
};
