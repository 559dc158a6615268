import { DeviceConnectionPaths, deviceConnectionLogQuery, deviceConnectionLogReply, Perm } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read } from '../../plugins/entity-routes.ts';

/** A device's online history (device view 2, data scope). */
export const deviceConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deviceConnections } = app.services;
  entityRoutes(app, [
    read({
      path: DeviceConnectionPaths.log,
      permission: Perm.DeviceView,
      query: deviceConnectionLogQuery,
      reply: deviceConnectionLogReply,
      run: (caller, q) => deviceConnections.log(caller, q.id, q.page, q.page_size),
    }),
  ]);
};
