import { ErrorCode, Perm } from '@hmi/domain';
import type { Fixture } from '../fixture.ts';
import type { CellContext, MatrixRow } from '../matrix-types.ts';

/*
 * Remote access (remote module). The fixture device is offline: whoever may open a session on
 * it gets 1038 (the checks before it: scope 1003, hmi 6 / hmi-check 48 1002); the open path to
 * a session is remote.test.ts's. Closing needs the session's user or the main account: the
 * suite's setup records a (finished) session of the main account on the fixture device.
 * The DIACom device list answers only the app (X-Client-Id); the switch is the caller's own.
 */
const v1 = (path: string) => `/v1${path}`;
let mainSession = 0;

/** The remote suite's setup: a recorded session of team A's main account on the fixture device. */
export async function remoteSetup(fx: Fixture): Promise<void> {
  const now = Date.now();
  const row = await fx.server.app.db
    .insertInto('remote_sessions')
    .values({
      team_id: fx.a.teamId,
      device_id: fx.scoped.device.id,
      user_id: fx.a.main.id,
      user_name: fx.a.main.name,
      mode: 'operate',
      target: 'vnc',
      client: 'web',
      tunnel_id: `authz-${now}`,
      instance: 'authz',
      started_at: now - 1000,
      ended_at: now,
      end_reason: 'client',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  mainSession = row.id;
}

/** The status list shows the fixture device to those who may see it, and to nobody else. */
const statusCheck = ({ fx, caller }: CellContext, reply: { text: string }): string[] => {
  const shows = reply.text.includes(`"device_id":${fx.scoped.device.id}`);
  const should = caller === 'main' || caller === 'inScope';
  return shows === should ? [] : [`status ${shows ? 'shows' : 'hides'} the fixture device`];
};

export const remoteRows: MatrixRow[] = [
  {
    method: 'POST',
    url: v1('/remote/open'),
    access: 'signedIn',
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { device_id: fx.scoped.device.id } }),
    expect: {
      withoutPermission: ErrorCode.E1002_PERMISSION_DENIED,
      keyWithout: ErrorCode.E1002_PERMISSION_DENIED,
      inScope: ErrorCode.E1038_DEVICE_OFFLINE,
      main: ErrorCode.E1038_DEVICE_OFFLINE,
    },
  },
  {
    method: 'POST',
    url: v1('/remote/close'),
    access: 'signedIn',
    scope: { kind: 'object' },
    request: () => ({ body: { session_id: mainSession } }),
    expect: {
      withoutPermission: ErrorCode.E1002_PERMISSION_DENIED,
      inScope: ErrorCode.E1002_PERMISSION_DENIED,
    },
  },
  {
    method: 'GET',
    url: v1('/remote/session'),
    access: 'signedIn',
    scope: { kind: 'object' },
    request: () => ({ query: { session_id: mainSession } }),
  },
  {
    method: 'GET',
    url: v1('/remote/sessions'),
    access: [Perm.DeviceView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { device_id: fx.scoped.device.id } }),
  },
  {
    method: 'GET',
    url: v1('/remote/status'),
    access: [Perm.DeviceView],
    scope: { kind: 'team' },
    request: ({ fx }) => ({ query: { device_ids: [fx.scoped.device.id, fx.decoy.device.id] } }),
    check: statusCheck,
  },
  { method: 'GET', url: v1('/ws/tunnel/:tunnel_id'), access: 'public', websocket: true },
  { method: 'GET', url: v1('/ws/tunnel-device/:tunnel_id'), access: 'public', websocket: true },
  {
    method: 'POST',
    url: v1('/user/diacom'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
    request: () => ({ body: { enabled: true } }),
  },
  {
    method: 'GET',
    url: v1('/diacom/devices'),
    access: 'signedIn',
    scope: { kind: 'team' },
    freshCaller: true,
    request: () => ({ headers: { 'x-client-id': 'diacom' } }),
  },
];
