import { ErrorCode, healthReply } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/** GET /v1/health: the process answers and the database responds. Public. */
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
};
