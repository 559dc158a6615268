import {
  groupAddBody,
  groupDeleteBody,
  groupItem,
  groupListReply,
  groupMoveBody,
  GroupPaths,
  groupRenameBody,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /device/group: the device group tree (SPEC devicegroup: view 13, add 14, edit 15, delete 16). */
export const deviceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceGroups: groups } = app.services;

  entityRoutes(app, [
    read({
      path: GroupPaths.list,
      permission: Perm.GroupView,
      reply: groupListReply,
      run: (caller) => groups.list(caller),
    }),
    write({
      path: GroupPaths.add,
      permission: Perm.GroupAdd,
      body: groupAddBody,
      reply: groupItem,
      run: (caller, body) => groups.add(caller, body),
    }),
    write({
      path: GroupPaths.rename,
      permission: Perm.GroupEdit,
      body: groupRenameBody,
      reply: groupItem,
      run: (caller, body) => groups.rename(caller, body),
    }),
    write({
      path: GroupPaths.move,
      permission: Perm.GroupEdit,
      body: groupMoveBody,
      reply: groupItem,
      run: (caller, body) => groups.move(caller, body),
    }),
    remove({
      path: GroupPaths.delete,
      permission: Perm.GroupDelete,
      body: groupDeleteBody,
      run: (caller, body) => groups.delete(caller, body.id),
    }),
  ]);
};
