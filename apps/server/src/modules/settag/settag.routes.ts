import {
  envelope,
  Perm,
  SettagPaths,
  settagBody,
  settagReply,
  tagWriteLogQuery,
  tagWriteLogReply,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';

/** Writing tags from the data monitor (device monitor 47) and the write log. */
export const settagRoutes: FastifyPluginAsyncZod = async (app) => {
  const monitor = requirePermission(Perm.DeviceMonitor);

  app.post(
    SettagPaths.settag,
    { preHandler: monitor, schema: { body: settagBody, response: { 200: envelope(settagReply) } } },
    async (request) => ok(await app.services.settag.write(requireUser(request), request.body)),
  );

  app.get(
    SettagPaths.log,
    {
      preHandler: monitor,
      schema: { querystring: tagWriteLogQuery, response: { 200: envelope(tagWriteLogReply) } },
    },
    async (request) => {
      const q = request.query;
      return ok(await app.services.settag.log(requireUser(request), q.id, q.page, q.page_size));
    },
  );
};
