import { envelope, ErrorCode, healthReply } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';

/** GET /v1/health: the process answers and the database responds. Public. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health: service } = app.services;
  app.get(
    '/health',
    { config: { public: true }, schema: { response: { 200: envelope(healthReply) } } },
    async (request) => {
      try {
        await service.pingDatabase();
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        throw new AppError(ErrorCode.E1005_DATABASE);
      }
      return ok({ status: 'ok' as const, db: 'ok' as const });
    },
  );
};
