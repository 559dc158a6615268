import {
  diacomSwitchBody,
  DiacomPaths,
  envelope,
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
  tunnelStatus,
  TUNNEL_CLI_CLIENT_ID,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { requirePermission, requireUser, signedIn } from '../../plugins/auth.ts';
import type { RemoteClient } from './remote.service.ts';
import { diacomDeviceList } from './diacom.service.ts';

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

  // Open: hmi 6 (operate) or hmi-check 48 (view), checked by the service with the zone rule.
  app.post(
    RemotePaths.open,
    { preHandler: signedIn, schema: { body: remoteOpenBody, response: { 200: envelope(remoteSession) } } },
    async (request) => ok(await remote.open(requireUser(request), request.body, clientOf(request))),
  );
  app.post(
    RemotePaths.close,
    {
      preHandler: signedIn,
      schema: { body: remoteSessionRef, response: { 200: envelope(remoteSessionRecord) } },
    },
    async (request) => ok(await remote.close(requireUser(request), request.body.session_id)),
  );
  app.get(
    RemotePaths.session,
    {
      preHandler: signedIn,
      schema: { querystring: remoteSessionQuery, response: { 200: envelope(remoteSessionRecord) } },
    },
    async (request) => ok(await remote.session(requireUser(request), request.query.session_id)),
  );
  app.get(
    RemotePaths.sessions,
    {
      preHandler: requirePermission(Perm.DeviceView),
      schema: { querystring: remoteSessionsQuery, response: { 200: envelope(remoteSessionsPage) } },
    },
    async (request) => ok(await remote.sessions(requireUser(request), request.query)),
  );
  app.get(
    RemotePaths.status,
    {
      preHandler: requirePermission(Perm.DeviceView),
      schema: { querystring: remoteStatusQuery, response: { 200: envelope(z.array(tunnelStatus)) } },
    },
    async (request) =>
      ok(await remote.statuses(requireUser(request), request.query.device_ids.split(',').map(Number))),
  );

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
      );
    });
  }

  app.post(
    DiacomPaths.setSwitch,
    {
      preHandler: signedIn,
      schema: { body: diacomSwitchBody, response: { 200: envelope(diacomSwitchBody) } },
    },
    async (request) => ok(await diacom.setSwitch(requireUser(request), request.body.enabled)),
  );
  app.get(
    DiacomPaths.devices,
    { preHandler: signedIn, schema: { response: { 200: envelope(diacomDeviceList) } } },
    async (request) => ok(await diacom.devices(requireUser(request), clientOf(request) === 'diacom')),
  );
};
