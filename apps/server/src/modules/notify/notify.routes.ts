import {
  deliveryListReply,
  deliveryQuery,
  ErrorCode,
  LiveCloseCode,
  MessagePaths,
  notifyDelivery,
  notifySettings,
  notifySocketQuery,
  StringErrorCode,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socketQuery } from '../../lib/socket-query.ts';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/**
 * The notify socket (/ws/notify; public route: it authenticates the `token` of its query itself,
 * like the device data socket, so a token error closes it with 4001) and the caller's
 * notification settings, test mail and delivery log. Every signed-in user has them.
 */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifyHub: hub, notify: service, principals } = app.services;

  // A WebSocket upgrade: written by hand (docs/architecture.md).
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

  entityRoutes(app, [
    route({
      method: 'GET',
      path: MessagePaths.settings,
      access: 'signedIn',
      reply: notifySettings,
      run: ({ caller }) => service.settings(caller),
    }),
    route({
      method: 'POST',
      path: MessagePaths.settings,
      access: 'signedIn',
      body: notifySettings,
      reply: notifySettings,
      run: ({ caller, body }) => service.saveSettings(caller, body),
    }),
    route({
      method: 'POST',
      path: MessagePaths.sendTest,
      access: 'signedIn',
      reply: notifyDelivery,
      run: ({ caller }) => service.sendTest(caller),
    }),
    route({
      method: 'GET',
      path: MessagePaths.deliveries,
      access: 'signedIn',
      query: deliveryQuery,
      reply: deliveryListReply,
      run: ({ caller, query }) => service.deliveries(caller, query),
    }),
  ]);
};
