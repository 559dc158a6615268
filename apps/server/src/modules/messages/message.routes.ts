import { envelope, messageCounts } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';

/** /msg: message counts (every signed-in user has system and alarm messages, SPEC section 2). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app.services;

  app.get(
    '/msg/notify/count',
    { preHandler: signedIn, schema: { response: { 200: envelope(messageCounts) } } },
    async (request) => ok(await messages.counts(requireUser(request))),
  );
};
