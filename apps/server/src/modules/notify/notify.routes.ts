import {
  deliveryListReply,
  deliveryQuery,
  envelope,
  ErrorCode,
  LiveCloseCode,
  MessagePaths,
  notifyDelivery,
  notifySettings,
  notifySocketQuery,
  StringErrorCode,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { socketQuery } from '../../lib/socket-query.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';

/**
 * The notify socket (/ws/notify; public route: it authenticates the `token` of its query itself,
 * like the device data socket, so a token error closes it with 4001) and the caller's
 * notification settings, test mail and delivery log. Every signed-in user has them.
 */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifyHub: hub, notify: service, principals } = app.services;

  app.get(MessagePaths.socket, { websocket: true, config: { public: true } }, (socket, request) => {
    const { token } = socketQuery(notifySocketQuery, request.query);
    // Pings that arrive while the token is checked wait in the socket's own buffer.
    socket.pause();
    void principals.authenticate(token).then(
      (user) => {
        socket.resume();
        if (!user)
          return socket.close(LiveCloseCode.TokenInvalid, StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
        hub.open(socket, user);
      },
      (err: unknown) => {
        request.log.error({ err }, 'socket authentication failed');
        socket.resume();
        socket.close(1011, String(ErrorCode.E1007_SERVER));
      },
    );
  });

  app.get(
    MessagePaths.settings,
    { preHandler: signedIn, schema: { response: { 200: envelope(notifySettings) } } },
    async (request) => ok(await service.settings(requireUser(request))),
  );

  app.post(
    MessagePaths.settings,
    { preHandler: signedIn, schema: { body: notifySettings, response: { 200: envelope(notifySettings) } } },
    async (request) => ok(await service.saveSettings(requireUser(request), request.body)),
  );

  app.post(
    MessagePaths.sendTest,
    { preHandler: signedIn, schema: { response: { 200: envelope(notifyDelivery) } } },
    async (request) => ok(await service.sendTest(requireUser(request))),
  );

  app.get(
    MessagePaths.deliveries,
    {
      preHandler: signedIn,
      schema: { querystring: deliveryQuery, response: { 200: envelope(deliveryListReply) } },
    },
    async (request) => ok(await service.deliveries(requireUser(request), request.query)),
  );
};
