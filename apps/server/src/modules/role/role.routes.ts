import {
  envelope,
  Perm,
  pickDevicesReply,
  pickGroupsReply,
  pickTemplatesReply,
  roleAddBody,
  roleDetail,
  roleEditBody,
  roleIdBody,
  roleIdQuery,
  roleListReply,
  RolePaths,
  rolePermissionTree,
  rolePickDevicesQuery,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /system/role: roles and their pickers (SPEC role: view 28, add 29, edit 31, delete 32). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roles, dataPicker } = app.services;
  const view = requirePermission(Perm.RoleView);

  app.get(
    RolePaths.list,
    { preHandler: view, schema: { response: { 200: envelope(roleListReply) } } },
    async (request) => ok(await roles.list(requireUser(request))),
  );

  app.get(
    RolePaths.detail,
    { preHandler: view, schema: { querystring: roleIdQuery, response: { 200: envelope(roleDetail) } } },
    async (request) => ok(await roles.detail(requireUser(request), request.query.id)),
  );

  app.post(
    RolePaths.add,
    {
      preHandler: requirePermission(Perm.RoleAdd),
      schema: { body: roleAddBody, response: { 200: envelope(roleDetail) } },
    },
    async (request) => ok(await roles.add(requireUser(request), request.body)),
  );

  app.post(
    RolePaths.edit,
    {
      preHandler: requirePermission(Perm.RoleEdit),
      schema: { body: roleEditBody, response: { 200: envelope(roleDetail) } },
    },
    async (request) => ok(await roles.edit(requireUser(request), request.body)),
  );

  app.post(
    RolePaths.delete,
    {
      preHandler: requirePermission(Perm.RoleDelete),
      schema: { body: roleIdBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await roles.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    RolePaths.permissions,
    { preHandler: view, schema: { response: { 200: envelope(rolePermissionTree) } } },
    async () => ok(roles.permissionTree()),
  );

  app.get(
    RolePaths.pickDevices,
    {
      preHandler: view,
      schema: { querystring: rolePickDevicesQuery, response: { 200: envelope(pickDevicesReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const role = await roles.require(caller, request.query.id);
      return ok(await dataPicker.devices(caller, { roleId: role.id }, request.query));
    },
  );

  app.get(
    RolePaths.pickGroups,
    { preHandler: view, schema: { querystring: roleIdQuery, response: { 200: envelope(pickGroupsReply) } } },
    async (request) => {
      const caller = requireUser(request);
      const role = await roles.require(caller, request.query.id);
      return ok(await dataPicker.groups(caller, { roleId: role.id }));
    },
  );

  app.get(
    RolePaths.pickTemplates,
    {
      preHandler: view,
      schema: { querystring: roleIdQuery, response: { 200: envelope(pickTemplatesReply) } },
    },
    async (request) => {
      const caller = requireUser(request);
      const role = await roles.require(caller, request.query.id);
      return ok(await dataPicker.templates(caller, { roleId: role.id }));
    },
  );
};
