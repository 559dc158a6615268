import {
  envelope,
  labelAddBody,
  labelDeleteBody,
  labelItem,
  labelListReply,
  LabelPaths,
  labelRenameBody,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /device/label: the team's device labels (listing needs device view 2, changes device edit 4). */
export const labelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { labels } = app.services;

  app.get(
    LabelPaths.list,
    {
      preHandler: requirePermission(Perm.DeviceView),
      schema: { response: { 200: envelope(labelListReply) } },
    },
    async (request) => ok(await labels.list(requireUser(request))),
  );

  app.post(
    LabelPaths.add,
    {
      preHandler: requirePermission(Perm.DeviceEdit),
      schema: { body: labelAddBody, response: { 200: envelope(labelItem) } },
    },
    async (request) => ok(await labels.add(requireUser(request), request.body.name)),
  );

  app.post(
    LabelPaths.rename,
    {
      preHandler: requirePermission(Perm.DeviceEdit),
      schema: { body: labelRenameBody, response: { 200: envelope(labelItem) } },
    },
    async (request) => ok(await labels.rename(requireUser(request), request.body.id, request.body.name)),
  );

  app.post(
    LabelPaths.delete,
    {
      preHandler: requirePermission(Perm.DeviceEdit),
      schema: { body: labelDeleteBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await labels.delete(requireUser(request), request.body.id);
      return ok(null);
    },
  );
};
