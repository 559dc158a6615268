import { ErrorCode } from '@hmi/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, messageOf } from '../lib/app-error.ts';
import { bodyTooLarge } from './body-limit.ts';

function send(
  reply: FastifyReply,
  status: number,
  code: number,
  data: unknown = null,
  msg = messageOf(code),
) {
  return reply.status(status).send({ code, data, msg });
}

/**
 * The one place where failures become the `{code, data, msg}` envelope: AppError keeps its
 * code; schema failures and malformed bodies are 1006; unknown routes 404 with 1003; anything
 * else is logged and answered 1007 without details.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof AppError) return send(reply, err.statusCode, err.code, err.data, err.message);
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields = err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message,
        }));
        return send(reply, 400, ErrorCode.E1006_BAD_PARAMETER, { where: err.validationContext, fields });
      }
      // A body without a declared length that grew over the limit (plugins/body-limit.ts).
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
        const refusal = (request.routeOptions.config.bodyTooLarge ?? bodyTooLarge)(limit) as AppError;
        return send(reply, 413, refusal.code, refusal.data, refusal.message);
      }
      // Fastify's own client errors: malformed JSON, wrong content type...
      if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
        return send(reply, err.statusCode, ErrorCode.E1006_BAD_PARAMETER, null, err.code ?? 'Bad parameter');
      }
      request.log.error({ err }, 'unexpected error');
      return send(reply, 500, ErrorCode.E1007_SERVER);
    });

    app.setNotFoundHandler((request, reply) =>
      send(
        reply,
        404,
        ErrorCode.E1003_NO_DATA,
        null,
        `Route ${request.method} ${request.url.split('?')[0]} not found`,
      ),
    );
  },
  { name: 'errors' },
);
