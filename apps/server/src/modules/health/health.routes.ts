import { envelope, ErrorCode, healthReply, readyReply } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, messageOf } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { entityRoutes, route, type RoutesApp } from '../../plugins/entity-routes.ts';
import { downParts } from './readiness.service.ts';

/**
 * GET /ready: 200 when the database, the MQTT link and the bus answer; else 503 in the error
 * envelope, `data` naming each part (1005 when the database is down, else 1007). Public. Under
 * /v1 it is an API route (`config.public`); at the root it is outside the API, like /metrics.
 */
function readyRoute(app: RoutesApp, inApi: boolean): void {
  const { readiness } = app.services;
  app.route({
    method: 'GET',
    url: '/ready',
    ...(inApi ? { config: { public: true } } : {}),
    schema: { response: { 200: envelope(readyReply), 503: envelope(readyReply) } },
    handler: async (request, reply) => {
      const result = await readiness.check();
      if (result.status === 'ready') return ok(result);
      const down = downParts(result);
      const code = down.includes('db') ? ErrorCode.E1005_DATABASE : ErrorCode.E1007_SERVER;
      request.log.warn({ down }, 'not ready');
      return reply
        .code(503)
        .send({ code, data: result, msg: `${messageOf(code)}: not ready (${down.join(', ')})` });
    },
  });
}

/** GET /v1/health (liveness: the process answers and the database responds) and GET /v1/ready. Public. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health: service } = app.services;
  entityRoutes(app, [
    route({
      method: 'GET',
      path: '/health',
      access: 'public',
      reply: healthReply,
      run: async ({ request }) => {
        try {
          await service.pingDatabase();
        } catch (err) {
          request.log.error({ err }, 'health: database unreachable');
          throw new AppError(ErrorCode.E1005_DATABASE);
        }
        return { status: 'ok' as const, db: 'ok' as const };
      },
    }),
  ]);
  readyRoute(app, true);
};

/** GET /ready at the root (registered outside /v1). */
export const rootReadyRoutes: FastifyPluginAsyncZod = async (app) => {
  readyRoute(app, false);
};
