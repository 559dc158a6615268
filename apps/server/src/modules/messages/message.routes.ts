import {
  envelope,
  messageCounts,
  messageListReply,
  MessagePaths,
  messageQuery,
  messageSetReadBody,
  messageSetReadReply,
  messageTodayQuery,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';

/**
 * /msg: the message centre of the caller (every signed-in user has system and alarm messages,
 * SPEC section 2; billing messages need MsgBillingView 23). Marking read tells the caller's
 * other tabs through the bus ('messages.changed' -> notify socket `counts`).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app.services;

  app.get(
    MessagePaths.count,
    { preHandler: signedIn, schema: { response: { 200: envelope(messageCounts) } } },
    async (request) => ok(await messages.counts(requireUser(request))),
  );

  app.get(
    MessagePaths.today,
    {
      preHandler: signedIn,
      schema: { querystring: messageTodayQuery, response: { 200: envelope(messageListReply) } },
    },
    async (request) => ok(await messages.today(requireUser(request), request.query.tz)),
  );

  app.get(
    MessagePaths.query,
    {
      preHandler: signedIn,
      schema: { querystring: messageQuery, response: { 200: envelope(messageListReply) } },
    },
    async (request) => ok(await messages.query(requireUser(request), request.query)),
  );

  app.post(
    MessagePaths.setRead,
    {
      preHandler: signedIn,
      schema: { body: messageSetReadBody, response: { 200: envelope(messageSetReadReply) } },
    },
    async (request) => {
      return ok({ updated: await messages.setRead(requireUser(request), request.body) });
    },
  );
};
