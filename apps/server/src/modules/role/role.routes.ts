import {
  Perm,
  pickDevicesReply,
  pickGroupsReply,
  pickProjectsReply,
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
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /system/role: roles and their pickers (SPEC role: view 28, add 29, edit 31, delete 32). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roles, dataPicker } = app.services;
  /** The role the pickers mark (1062 when it is not the caller's team's). */
  const holder = async (caller: Parameters<typeof roles.require>[0], id: number) => ({
    roleId: (await roles.require(caller, id)).id,
  });

  entityRoutes(app, [
    read({
      path: RolePaths.list,
      permission: Perm.RoleView,
      reply: roleListReply,
      run: (caller) => roles.list(caller),
    }),
    read({
      path: RolePaths.detail,
      permission: Perm.RoleView,
      query: roleIdQuery,
      reply: roleDetail,
      run: (caller, query) => roles.detail(caller, query.id),
    }),
    write({
      path: RolePaths.add,
      permission: Perm.RoleAdd,
      body: roleAddBody,
      reply: roleDetail,
      run: (caller, body) => roles.add(caller, body),
    }),
    write({
      path: RolePaths.edit,
      permission: Perm.RoleEdit,
      body: roleEditBody,
      reply: roleDetail,
      run: (caller, body) => roles.edit(caller, body),
    }),
    remove({
      path: RolePaths.delete,
      permission: Perm.RoleDelete,
      body: roleIdBody,
      run: (caller, body) => roles.delete(caller, body.id),
    }),
    read({
      path: RolePaths.permissions,
      permission: Perm.RoleView,
      reply: rolePermissionTree,
      run: async () => roles.permissionTree(),
    }),
    read({
      path: RolePaths.pickDevices,
      permission: Perm.RoleView,
      query: rolePickDevicesQuery,
      reply: pickDevicesReply,
      run: async (caller, query) => dataPicker.devices(caller, await holder(caller, query.id), query),
    }),
    read({
      path: RolePaths.pickGroups,
      permission: Perm.RoleView,
      query: roleIdQuery,
      reply: pickGroupsReply,
      run: async (caller, query) => dataPicker.groups(caller, await holder(caller, query.id)),
    }),
    read({
      path: RolePaths.pickTemplates,
      permission: Perm.RoleView,
      query: roleIdQuery,
      reply: pickTemplatesReply,
      run: async (caller, query) => dataPicker.templates(caller, await holder(caller, query.id)),
    }),
    read({
      path: RolePaths.pickProjects,
      permission: Perm.RoleView,
      query: roleIdQuery,
      reply: pickProjectsReply,
      run: async (caller, query) => dataPicker.projects(caller, await holder(caller, query.id)),
    }),
  ]);
};
