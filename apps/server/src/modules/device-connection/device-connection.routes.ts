import {
  DeviceConnectionPaths,
  deviceConnectionLogQuery,
  deviceConnectionLogReply,
  envelope,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** A device's online history (device view 2, data scope). */
export const deviceConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceConnections } = app.services;

  app.get(
    DeviceConnectionPaths.log,
    {
      preHandler: requirePermission(Perm.DeviceView),
      schema: {
        querystring: deviceConnectionLogQuery,
        response: { 200: envelope(deviceConnectionLogReply) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await deviceConnections.log(requireUser(request), q.id, q.page, q.page_size));
    },
  );
};
