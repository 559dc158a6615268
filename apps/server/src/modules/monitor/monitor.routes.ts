import {
  idQuery,
  monitorAddBody,
  monitorBatchAddBody,
  monitorBatchReply,
  monitorDeleteBody,
  monitorDeleteReply,
  monitorEditBody,
  monitorListReply,
  MonitorPaths,
  monitorTag,
  Perm,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, write } from '../../plugins/entity-routes.ts';

/** /device/monitor: a device's tags and its own monitor points (device monitor 47). */
export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { monitor } = app.services;
  const permission = Perm.DeviceMonitor;

  entityRoutes(app, [
    read({
      path: MonitorPaths.list,
      permission,
      query: idQuery,
      reply: monitorListReply,
      run: (caller, query) => monitor.list(caller, query.id),
    }),
    write({
      path: MonitorPaths.add,
      permission,
      body: monitorAddBody,
      reply: monitorTag,
      run: (caller, body) => monitor.add(caller, body),
    }),
    write({
      path: MonitorPaths.batchAdd,
      permission,
      body: monitorBatchAddBody,
      reply: monitorBatchReply,
      run: (caller, body) => monitor.batchAdd(caller, body),
    }),
    write({
      path: MonitorPaths.edit,
      permission,
      body: monitorEditBody,
      reply: monitorTag,
      run: (caller, body) => monitor.edit(caller, body),
    }),
    write({
      path: MonitorPaths.delete,
      permission,
      body: monitorDeleteBody,
      reply: monitorDeleteReply,
      run: async (caller, body) => ({ count: await monitor.delete(caller, body) }),
    }),
  ]);
};
