import { Perm, SettagPaths, settagBody, settagReply, tagWriteLogQuery, tagWriteLogReply } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, write } from '../../plugins/entity-routes.ts';

/** Writing tags from the data monitor (device monitor 47) and the write log. */
export const settagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settag } = app.services;

  entityRoutes(app, [
    write({
      path: SettagPaths.settag,
      permission: Perm.DeviceMonitor,
      body: settagBody,
      reply: settagReply,
      run: (caller, body) => settag.write(caller, body),
    }),
    read({
      path: SettagPaths.log,
      permission: Perm.DeviceMonitor,
      query: tagWriteLogQuery,
      reply: tagWriteLogReply,
      run: (caller, q) => settag.log(caller, q.id, q.page, q.page_size),
    }),
  ]);
};
