import {
  ErrorCode,
  lastValuesQuery,
  lastValuesReply,
  LiveCloseCode,
  LivePaths,
  liveSocketQuery,
  Perm,
  StringErrorCode,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { socketQuery } from '../../lib/socket-query.ts';
import { entityRoutes, read } from '../../plugins/entity-routes.ts';
import { decodeStoredValue } from '../history-store/index.ts';

/**
 * The device data socket (public route: it authenticates the `token` of its query itself, so
 * that a token error closes the socket with 4001 instead of failing the upgrade; or, without a
 * `token`, a share link's viewer token as `share`) and the last values of a device (device
 * monitor 47).
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { liveHub: hub, principals, live: repo, shareViewers } = app.services;

  // A WebSocket upgrade: written by hand (docs/architecture.md).
  app.get(LivePaths.socket, { websocket: true, config: { public: true } }, (socket, request) => {
    const { token, page = 0, share } = socketQuery(liveSocketQuery, request.query);
    // Messages that arrive while the token is checked wait in the socket's own buffer.
    socket.pause();
    if (token === undefined && share !== undefined) {
      // A share link's viewer: read-only, its project's bound tags (live-shares.ts).
      void shareViewers.open(share, request.ip).then(
        (viewer) => {
          socket.resume();
          hub.openViewer(socket, viewer, page);
        },
        (err: unknown) => {
          socket.resume();
          const code = err instanceof AppError ? err.code : null;
          if (code === ErrorCode.E1001_AUTHENTICATION)
            socket.close(LiveCloseCode.TokenInvalid, StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
          else if (code === ErrorCode.E1036_TOO_FREQUENT)
            socket.close(LiveCloseCode.TooManyMessages, String(ErrorCode.E1036_TOO_FREQUENT));
          else {
            request.log.error({ err }, 'share socket authentication failed');
            socket.close(1011, 'server error');
          }
        },
      );
      return;
    }
    void principals.authenticate(token).then(
      (user) => {
        // Reading again first: a paused socket would never see the client's half of the close.
        socket.resume();
        if (!user)
          return socket.close(LiveCloseCode.TokenInvalid, StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
        if (!user.permissions.has(Perm.DeviceView))
          return socket.close(LiveCloseCode.PermissionDenied, String(ErrorCode.E1002_PERMISSION_DENIED));
        hub.open(socket, user, page);
      },
      (err: unknown) => {
        request.log.error({ err }, 'socket authentication failed');
        socket.resume();
        socket.close(1011, 'server error');
      },
    );
  });

  entityRoutes(app, [
    read({
      path: LivePaths.lastValues,
      permission: Perm.DeviceMonitor,
      query: lastValuesQuery,
      reply: lastValuesReply,
      run: async (caller, q) => {
        const [device] = await repo.devicesWithTags(caller.scope, [q.id]);
        if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
        const rows = await repo.lastValues(device.id, q.tag_ids);
        return {
          device_id: device.id,
          online: device.online,
          items: rows.map((r) => ({ tag_id: r.tag_id, ts: r.ts, value: decodeStoredValue(r.num, r.txt) })),
        };
      },
    }),
  ]);
};
