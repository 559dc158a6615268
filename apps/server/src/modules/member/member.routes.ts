import {
  emptyReply,
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
import { entityRoutes, read, remove, route, write } from '../../plugins/entity-routes.ts';

/**
 * /system/user: members of the team (SPEC user: view 24, edit 26 change role, delete 27,
 * data-pm 38) and /team/leave (every member, signed in).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, memberAccess, dataPicker } = app.services;

  entityRoutes(app, [
    read({
      path: MemberPaths.list,
      permission: Perm.UserView,
      query: memberListQuery,
      reply: memberListReply,
      run: (caller, query) => members.list(caller, query),
    }),
    write({
      path: MemberPaths.role,
      permission: Perm.UserEdit,
      body: memberRoleBody,
      reply: memberItem,
      run: (caller, body) => members.changeRole(caller, body.user_id, body.role_id),
    }),
    remove({
      path: MemberPaths.delete,
      permission: Perm.UserDelete,
      body: memberIdBody,
      run: (caller, body) => members.remove(caller, body.user_id),
    }),
    read({
      path: MemberPaths.dataPm,
      permission: Perm.UserDataPm,
      query: memberIdQuery,
      reply: memberDataPm,
      run: (caller, query) => members.dataPm(caller, query.user_id),
    }),
    write({
      path: MemberPaths.dataPm,
      permission: Perm.UserDataPm,
      body: memberDataPmBody,
      reply: memberDataPm,
      run: (caller, body) => members.setDataPm(caller, body),
    }),
    read({
      path: MemberPaths.pickDevices,
      permission: Perm.UserDataPm,
      query: rolePickDevicesQuery,
      reply: pickDevicesReply,
      run: async (caller, query) => {
        const user = await members.require(caller, query.id);
        return dataPicker.devices(caller, { userId: user.id, teamId: caller.teamId }, query);
      },
    }),
    read({
      path: MemberPaths.access,
      permission: Perm.UserView,
      query: memberAccessQuery,
      reply: memberAccessReply,
      run: (caller, query) => memberAccess.access(caller, query),
    }),
    // Every signed-in member may leave.
    route({
      method: 'POST',
      path: MemberPaths.leave,
      access: 'signedIn',
      reply: emptyReply,
      run: async ({ caller }) => {
        await members.leave(caller);
        return null;
      },
    }),
  ]);
};
