import {
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
import { entityRoutes, read, route, write } from '../../plugins/entity-routes.ts';

/**
 * Invitations: the inviting team's calls (/system/user: invite 25, view 24) and the invitee's
 * (/msg/team/invation, /team/invitation/confirm[/check]: every signed-in user, their own only).
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;

  entityRoutes(app, [
    route({
      method: 'POST',
      path: InvitationPaths.invite,
      access: Perm.UserInvite,
      body: invitationBody,
      reply: invitationItem,
      run: ({ caller, body, request }) => invitations.invite(caller, body, request.ip),
    }),
    read({
      path: InvitationPaths.list,
      permission: Perm.UserView,
      query: invitationListQuery,
      reply: invitationListReply,
      run: (caller, query) => invitations.list(caller, query),
    }),
    write({
      path: InvitationPaths.cancel,
      permission: Perm.UserInvite,
      body: invitationIdBody,
      reply: invitationItem,
      run: (caller, body) => invitations.cancel(caller, body.id),
    }),
    route({
      method: 'GET',
      path: InvitationPaths.mine,
      access: 'signedIn',
      query: myInvitationQuery,
      reply: myInvitationListReply,
      run: ({ caller, query }) => invitations.mine(caller, query),
    }),
    route({
      method: 'POST',
      path: InvitationPaths.check,
      access: 'signedIn',
      body: invitationIdBody,
      reply: invitationCheckReply,
      run: ({ caller, body }) => invitations.check(caller, body.id),
    }),
    route({
      method: 'POST',
      path: InvitationPaths.confirm,
      access: 'signedIn',
      body: invitationConfirmBody,
      reply: invitationConfirmReply,
      run: ({ caller, body }) => invitations.confirm(caller, body.id, body.accept),
    }),
  ]);
};
