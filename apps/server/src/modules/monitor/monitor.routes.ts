import {
  envelope,
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
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** /device/monitor: a device's tags and its own monitor points (device monitor 47). */
export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { monitor } = app.services;
  const preHandler = requirePermission(Perm.DeviceMonitor);

  app.get(
    MonitorPaths.list,
    { preHandler, schema: { querystring: idQuery, response: { 200: envelope(monitorListReply) } } },
    async (request) => ok(await monitor.list(requireUser(request), request.query.id)),
  );

  app.post(
    MonitorPaths.add,
    { preHandler, schema: { body: monitorAddBody, response: { 200: envelope(monitorTag) } } },
    async (request) => ok(await monitor.add(requireUser(request), request.body)),
  );

  app.post(
    MonitorPaths.batchAdd,
    { preHandler, schema: { body: monitorBatchAddBody, response: { 200: envelope(monitorBatchReply) } } },
    async (request) => ok(await monitor.batchAdd(requireUser(request), request.body)),
  );

  app.post(
    MonitorPaths.edit,
    { preHandler, schema: { body: monitorEditBody, response: { 200: envelope(monitorTag) } } },
    async (request) => ok(await monitor.edit(requireUser(request), request.body)),
  );

  app.post(
    MonitorPaths.delete,
    { preHandler, schema: { body: monitorDeleteBody, response: { 200: envelope(monitorDeleteReply) } } },
    async (request) => ok({ count: await monitor.delete(requireUser(request), request.body) }),
  );
};
