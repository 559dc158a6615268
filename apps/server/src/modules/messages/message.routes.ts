import {
  messageCounts,
  messageListReply,
  MessagePaths,
  messageQuery,
  messageSetReadBody,
  messageSetReadReply,
  messageTodayQuery,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/**
 * /msg: the message centre of the caller (every signed-in user has system and alarm messages,
 * SPEC section 2; billing messages need MsgBillingView 23). Marking read tells the caller's
 * other tabs through the bus ('messages.changed' -> notify socket `counts`).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app.services;

  entityRoutes(app, [
    route({
      method: 'GET',
      path: MessagePaths.count,
      access: 'signedIn',
      reply: messageCounts,
      run: ({ caller }) => messages.counts(caller),
    }),
    route({
      method: 'GET',
      path: MessagePaths.today,
      access: 'signedIn',
      query: messageTodayQuery,
      reply: messageListReply,
      run: ({ caller, query }) => messages.today(caller, query.tz),
    }),
    route({
      method: 'GET',
      path: MessagePaths.query,
      access: 'signedIn',
      query: messageQuery,
      reply: messageListReply,
      run: ({ caller, query }) => messages.query(caller, query),
    }),
    route({
      method: 'POST',
      path: MessagePaths.setRead,
      access: 'signedIn',
      body: messageSetReadBody,
      reply: messageSetReadReply,
      run: async ({ caller, body }) => ({ updated: await messages.setRead(caller, body) }),
    }),
  ]);
};
