import {
  ErrorCode,
  diacomDeviceList,
  diacomSwitchBody,
  DiacomPaths,
  Perm,
  remoteOpenBody,
  RemotePaths,
  remoteSession,
  remoteSessionQuery,
  remoteSessionRecord,
  remoteSessionRef,
  remoteSessionsPage,
  remoteSessionsQuery,
  remoteStatusQuery,
  TUNNEL_BROWSER_WS_PATH,
  TUNNEL_DEVICE_WS_PATH,
  tunnelStatusReply,
  TUNNEL_CLI_CLIENT_ID,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityRoutes, read, route } from '../../plugins/entity-routes.ts';
import type { RemoteClient } from './remote.service.ts';
import { FORWARDED_HEADER } from './tunnel-forward.ts';

/** X-Client-Id of the tunnel CLI (`npm run tunnel`): its sessions are recorded as client 'cli'. */
export const CLI_CLIENT_ID = TUNNEL_CLI_CLIENT_ID;

const tunnelParams = z.object({ tunnel_id: z.string().max(64) });
const tunnelQuery = z.object({ token: z.string().max(256).optional() });

/**
 * Remote access (docs/api.md, Remote access): opening and ending sessions, their records and the
 * tunnel status of devices, the two tunnel sockets (public routes: the single-use token of the
 * query is their authentication; anything wrong closes them with 4001), and the DIACom switch
 * and device list of the companion app.
 */
export const remoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { remote, diacom, tunnelHub } = app.services;
  const clientOf = (request: FastifyRequest): RemoteClient => {
    const id = request.headers['x-client-id'];
    if (id === app.config.remote.diacomClientId) return 'diacom';
    return id === CLI_CLIENT_ID ? 'cli' : 'web';
  };

  entityRoutes(app, [
    // Open: hmi 6 (operate) or hmi-check 48 (view), decided by the zone module's OperatePolicy.
    route({
      method: 'POST',
      path: RemotePaths.open,
      access: 'signedIn',
      body: remoteOpenBody,
      reply: remoteSession,
      run: ({ caller, body, request }) => remote.open(caller, body, clientOf(request)),
    }),
    route({
      method: 'POST',
      path: RemotePaths.close,
      access: 'signedIn',
      body: remoteSessionRef,
      reply: remoteSessionRecord,
      run: ({ caller, body }) => remote.close(caller, body.session_id),
    }),
    route({
      method: 'GET',
      path: RemotePaths.session,
      access: 'signedIn',
      query: remoteSessionQuery,
      reply: remoteSessionRecord,
      run: ({ caller, query }) => remote.session(caller, query.session_id),
    }),
    read({
      path: RemotePaths.sessions,
      permission: Perm.DeviceView,
      query: remoteSessionsQuery,
      reply: remoteSessionsPage,
      run: (caller, query) => remote.sessions(caller, query),
    }),
    read({
      path: RemotePaths.status,
      permission: Perm.DeviceView,
      query: remoteStatusQuery,
      reply: tunnelStatusReply,
      run: (caller, query) => remote.statuses(caller, query.device_ids.split(',').map(Number)),
    }),
  ]);

  // The tunnel sockets: WebSocket upgrades, written by hand (docs/architecture.md).
  for (const [path, side] of [
    [TUNNEL_BROWSER_WS_PATH, 'client'],
    [TUNNEL_DEVICE_WS_PATH, 'device'],
  ] as const) {
    app.get(`${path}/:tunnel_id`, { websocket: true, config: { public: true } }, (socket, request) => {
      socket.on('error', () => undefined);
      const params = tunnelParams.safeParse(request.params);
      const query = tunnelQuery.safeParse(request.query);
      tunnelHub.accept(
        side,
        params.success ? params.data.tunnel_id : '',
        query.success ? (query.data.token ?? '') : '',
        socket,
        request.headers[FORWARDED_HEADER] === '1',
      );
    });
  }

  entityRoutes(app, [
    route({
      method: 'POST',
      path: DiacomPaths.setSwitch,
      access: 'signedIn',
      body: diacomSwitchBody,
      reply: diacomSwitchBody,
      run: ({ caller, body }) => diacom.setSwitch(caller, body.enabled),
    }),
    route({
      method: 'GET',
      path: DiacomPaths.devices,
      access: 'signedIn',
      reply: diacomDeviceList,
      // Not called by the DIACom app (X-Client-Id).
      errors: [ErrorCode.E1002_PERMISSION_DENIED],
      run: ({ caller, request }) => diacom.devices(caller, clientOf(request) === 'diacom'),
    }),
  ]);
};
