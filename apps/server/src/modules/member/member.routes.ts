import {
  envelope,
  memberAccessQuery,
  memberAccessReply,
  memberDataPm,
  memberDataPmBody,
  memberIdBody,
  memberIdQuery,
  memberItem,
  memberListQuery,
  memberListReply,
  MemberPaths,
  memberRoleBody,
  Perm,
  pickDevicesReply,
  rolePickDevicesQuery,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth.ts';

/**
 * /system/user: members of the team (SPEC user: view 24, edit 26 change role, delete 27,
 * data-pm 38) and /team/leave (every member, signed in).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, memberAccess, dataPicker } = app.services;
  const dataPm = requirePermission(Perm.UserDataPm);

  app.get(
    MemberPaths.list,
    {
      preHandler: requirePermission(Perm.UserView),
      schema: { querystring: memberListQuery, response: { 200: envelope(memberListReply) } },
    },
    async (request) => ok(await members.list(requireUser(request), request.query)),
  );

  app.post(
    MemberPaths.role,
    {
      preHandler: requirePermission(Perm.UserEdit),
      schema: { body: memberRoleBody, response: { 200: envelope(memberItem) } },
    },
    async (request) =>
      ok(await members.changeRole(requireUser(request), request.body.user_id, request.body.role_id)),
  );

  app.post(
    MemberPaths.delete,
    {
      preHandler: requirePermission(Perm.UserDelete),
      schema: { body: memberIdBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await members.remove(requireUser(request), request.body.user_id);
      return ok(null);
    },
  );

  app.get(
    MemberPaths.dataPm,
    { preHandler: dataPm, schema: { querystring: memberIdQuery, response: { 200: envelope(memberDataPm) } } },
    async (request) => ok(await members.dataPm(requireUser(request), request.query.user_id)),
  );

  app.post(
    MemberPaths.dataPm,
    { preHandler: dataPm, schema: { body: memberDataPmBody, response: { 200: envelope(memberDataPm) } } },
    async (request) => ok(await members.setDataPm(requireUser(request), request.body)),
  );

  app.get(
    MemberPaths.pickDevices,
    {
      preHandler: dataPm,
      schema: { querystring: rolePickDevicesQuery, response: { 200: envelope(pickDevicesReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const user = await members.require(caller, request.query.id);
      return ok(await dataPicker.devices(caller, { userId: user.id, teamId: caller.teamId }, request.query));
    },
  );

  app.get(
    MemberPaths.access,
    {
      preHandler: requirePermission(Perm.UserView),
      schema: { querystring: memberAccessQuery, response: { 200: envelope(memberAccessReply) } },
    },
    async (request) => ok(await memberAccess.access(requireUser(request), request.query)),
  );

  app.post(
    MemberPaths.leave,
    { preHandler: signedIn, schema: { response: { 200: envelope(z.null()) } } },
    async (request) => {
      await members.leave(requireUser(request));
      return ok(null);
    },
  );
};
