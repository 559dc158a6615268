import {
  envelope,
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
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /device/group: the device group tree (SPEC devicegroup: view 13, add 14, edit 15, delete 16). */
export const deviceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceGroups } = app.services;

  app.get(
    GroupPaths.list,
    {
      preHandler: requirePermission(Perm.GroupView),
      schema: { response: { 200: envelope(groupListReply) } },
    },
    async (request) => ok(await deviceGroups.list(requireUser(request))),
  );

  app.post(
    GroupPaths.add,
    {
      preHandler: requirePermission(Perm.GroupAdd),
      schema: { body: groupAddBody, response: { 200: envelope(groupItem) } },
    },
    async (request) => ok(await deviceGroups.add(requireUser(request), request.body)),
  );

  app.post(
    GroupPaths.rename,
    {
      preHandler: requirePermission(Perm.GroupEdit),
      schema: { body: groupRenameBody, response: { 200: envelope(groupItem) } },
    },
    async (request) => ok(await deviceGroups.rename(requireUser(request), request.body)),
  );

  app.post(
    GroupPaths.move,
    {
      preHandler: requirePermission(Perm.GroupEdit),
      schema: { body: groupMoveBody, response: { 200: envelope(groupItem) } },
    },
    async (request) => ok(await deviceGroups.move(requireUser(request), request.body)),
  );

  app.post(
    GroupPaths.delete,
    {
      preHandler: requirePermission(Perm.GroupDelete),
      schema: { body: groupDeleteBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deviceGroups.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );
};
