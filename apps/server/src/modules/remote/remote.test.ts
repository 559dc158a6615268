import {
  ErrorCode,
  GIB,
  Perm,
  trafficMonthOf,
  TunnelCloseCode,
  type RemoteSession,
  type RemoteSessionRecord,
  type TunnelStatus,
} from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { eventually } from '../ingest/live-data-test-helpers.ts';
import {
  clientSocket,
  closeCodeAt,
  fakeHmi,
  tcpServer,
  withTraffic,
  type FakeHmi,
} from './remote-test-helpers.ts';

/*
 * Remote access through HTTP, real WebSockets and a fake HMI (MQTT client that dials the tunnel
 * url and pipes it to a local TCP echo server): the open rules and their codes, tokens, the pipe,
 * the end reasons, the records, the status acts and the traffic ledger.
 */
let server: TestServer;
let echo: Awaited<ReturnType<typeof tcpServer>>;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
const hmis: FakeHmi[] = [];
const acts: { act: { act: string; device_id: number; tunnel_state?: string } }[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({
    REMOTE_TRAFFIC_FLUSH_MS: '200',
    REMOTE_MIN_FIRMWARE: '2.0.0',
    REMOTE_OPEN_TIMEOUT_MS: '1500',
  });
  echo = await tcpServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  server.app.bus.subscribe('device.act', (e) => {
    if (e.act.act === 'tunnel') acts.push(e);
  });
});
afterEach(async () => {
  await Promise.all(hmis.splice(0).map((h) => h.end()));
});
afterAll(async () => {
  await server?.close();
  await echo?.close();
});

async function hmi(state?: { firmware?: string; vnc?: boolean }, traffic = true, port = echo.port) {
  const h = await fakeHmi(server, token, port, state);
  hmis.push(h);
  if (traffic) await withTraffic(server, token, h.id);
  return h;
}
const open = (body: Record<string, unknown>, t = token, headers?: Record<string, string>) =>
  server.call<RemoteSession>('POST', '/remote/open', { token: t, body, ...(headers ? { headers } : {}) });
const record = async (sessionId: number) =>
  (await server.call<RemoteSessionRecord>('GET', `/remote/session?session_id=${sessionId}`, { token })).body
    .data;
const ended = (sessionId: number) =>
  eventually(
    () => record(sessionId),
    (r) => r.ended_at !== null,
    `session ${sessionId} ended`,
  );
const ledger = (deviceId: number) =>
  server.app.db
    .selectFrom('device_traffic')
    .select(['bytes_up', 'bytes_down'])
    .where('device_id', '=', deviceId)
    .where('month', '=', trafficMonthOf(Date.now()))
    .executeTakeFirst();

describe('remote access: a session end to end', () => {
  it('opens, pipes both ways through the device, records bytes, status and the end', async () => {
    const h = await hmi();
    const res = await open({ device_id: h.id });
    expect(res.body).toMatchObject({ code: 0, data: { mode: 'operate', operator_name: null } });
    const s = res.body.data;
    expect(s.ws_path).toMatch(new RegExp(`^/v1/ws/tunnel/${s.tunnel_id}\\?token=`));
    expect(s.max_duration_ms).toBe(30 * 60_000);
    expect(h.commands[0]).toMatchObject({
      op: 'tunnel_open',
      args: {
        tunnelId: s.tunnel_id,
        target: 'vnc',
        url: `${server.url.replace('http', 'ws')}/v1/ws/tunnel-device/${s.tunnel_id}`,
      },
    });
    const c = await clientSocket(server, s);
    const payload = Buffer.alloc(50_000, 7);
    c.ws.send(payload);
    expect((await c.until(payload.length)).equals(payload)).toBe(true);

    const status = await server.call<TunnelStatus[]>('GET', `/remote/status?device_ids=${h.id}`, { token });
    expect(status.body.data).toEqual([
      { device_id: h.id, state: 'in_use', operator_name: main.profile.name, viewers: 0 },
    ]);
    // Flushed every 200 ms while the session runs: a crash would lose at most that.
    await eventually(
      () => ledger(h.id),
      (r) => r?.bytes_up === 50_000 && r.bytes_down === 50_000,
      'ledger',
    );

    c.ws.close();
    const r = await ended(s.session_id);
    expect(r).toMatchObject({
      end_reason: 'client',
      bytes_up: 50_000,
      bytes_down: 50_000,
      mode: 'operate',
      client: 'web',
    });
    const page = await server.call<{ total: number; items: RemoteSessionRecord[] }>(
      'GET',
      `/remote/sessions?device_id=${h.id}`,
      { token },
    );
    expect(page.body.data).toMatchObject({
      total: 1,
      items: [{ session_id: s.session_id, end_reason: 'client' }],
    });
    await eventually(
      async () => acts.filter((a) => a.act.device_id === h.id).map((a) => a.act.tunnel_state),
      (l) => l.join() === 'in_use,idle',
      'tunnel acts',
    );
  });

  it('ends with the device (reason device) and by POST /remote/close (closed; admin)', async () => {
    const h = await hmi();
    const a = (await open({ device_id: h.id })).body.data;
    const ca = await clientSocket(server, a);
    ca.ws.send('x');
    await ca.until(1);
    h.dialled[0]!.close();
    expect(await ca.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'device' });
    expect((await ended(a.session_id)).end_reason).toBe('device');

    const b = (await open({ device_id: h.id })).body.data;
    const cb = await clientSocket(server, b);
    const closed = await server.call<RemoteSessionRecord>('POST', '/remote/close', {
      token,
      body: { session_id: b.session_id },
    });
    expect(closed.body.data).toMatchObject({ end_reason: 'closed' });
    expect(await cb.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'closed' });

    const member = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DeviceHmi],
      deviceIds: [h.id],
    });
    const m = (await open({ device_id: h.id }, member.tokens.token)).body.data;
    const cm = await clientSocket(server, m);
    // The member may not end the main account's session; the main account ends the member's.
    expect(
      (
        await server.call('POST', '/remote/close', {
          token: member.tokens.token,
          body: { session_id: b.session_id },
        })
      ).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    await server.call('POST', '/remote/close', { token, body: { session_id: m.session_id } });
    expect(await cm.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'admin' });
    expect((await ended(m.session_id)).end_reason).toBe('admin');
  });
});

describe('remote access: access changes', () => {
  it('ends a session (access) when its user loses the right during it; others keep theirs', async () => {
    const h = await hmi();
    const member = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DeviceHmi],
      deviceIds: [h.id],
    });
    const s = (await open({ device_id: h.id }, member.tokens.token)).body.data;
    const c = await clientSocket(server, s);
    const mine = (await open({ device_id: h.id })).body.data;
    const cm = await clientSocket(server, mine);
    const teamId = main.profile.team_id;
    const memberId = (
      await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow()
    ).id;
    // Still allowed: the check keeps the session.
    server.app.bus.publish('team.access', { teamId, userIds: [memberId], change: 'scope' });
    await new Promise((r) => setTimeout(r, 300));
    expect(server.app.services.tunnelHub.tunnelOfSession(s.session_id)?.ended).toBe(false);
    await server.app.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([Perm.DeviceView]) })
      .where('id', '=', member.roleId)
      .execute();
    server.app.bus.publish('team.access', { teamId, userIds: [memberId], change: 'scope' });
    expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'access' });
    expect((await ended(s.session_id)).end_reason).toBe('access');
    expect(server.app.services.tunnelHub.tunnelOfSession(mine.session_id)?.ended).toBe(false);
    cm.ws.close();
  });
});

describe('remote access: open rules', () => {
  it('1038 offline, 1024 VNC off (state or the device answer), the HMI version message', async () => {
    const off = await hmi({ firmware: '3.0.0', vnc: false });
    expect((await open({ device_id: off.id })).body.code).toBe(ErrorCode.E1024_OPEN_VNC_ON_HMI);
    // A port target does not need VNC.
    expect((await open({ device_id: off.id, target: { port: echo.port } })).body.code).toBe(0);

    const refusing = await hmi();
    refusing.behaviour = { kind: 'refuse', code: 1024 };
    expect((await open({ device_id: refusing.id })).body.code).toBe(ErrorCode.E1024_OPEN_VNC_ON_HMI);

    const old = await hmi({ firmware: '1.9.9' });
    expect((await open({ device_id: old.id })).body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [{ path: 'device_id', message: 'validation.remote.hmiVersion', params: { ip: '2.0.0' } }],
      },
    });

    const gone = await hmi();
    await gone.client.publishAsync(`hmi/v1/${gone.sn}/state`, '{"online":false}', { qos: 1, retain: true });
    await eventually(
      () =>
        server.app.db
          .selectFrom('devices')
          .select('online')
          .where('id', '=', gone.id)
          .executeTakeFirstOrThrow(),
      (d) => d.online === 0,
      'offline',
    );
    expect((await open({ device_id: gone.id })).body.code).toBe(ErrorCode.E1038_DEVICE_OFFLINE);
    // Every refused open left no open session.
    const open_ = await server.app.db
      .selectFrom('remote_sessions')
      .select('id')
      .where('ended_at', 'is', null)
      .execute();
    expect(open_.length).toBe(1); // the port session above
  });

  it('billing: 1046 without traffic, 1057 expired card, 1047 past 12 GB until confirmed (then 1048 allowed)', async () => {
    const none = await hmi(undefined, false);
    expect((await open({ device_id: none.id })).body.code).toBe(ErrorCode.E1046_INSUFFICIENT_TRAFFIC);

    const expired = await hmi();
    const card = (
      await server.app.db
        .selectFrom('ra_card_allocations')
        .select('card_id')
        .where('device_id', '=', expired.id)
        .executeTakeFirstOrThrow()
    ).card_id;
    await server.app.db
      .updateTable('cards')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', card)
      .execute();
    expect((await open({ device_id: expired.id })).body.code).toBe(ErrorCode.E1057_RA_EXPIRED);

    const big = await fakeHmi(server, token, echo.port);
    hmis.push(big);
    await withTraffic(server, token, big.id, 20);
    await server.app.services.trafficLedger.record(big.id, { up: 12 * GIB, down: 1 });
    expect((await open({ device_id: big.id })).body.code).toBe(ErrorCode.E1047_TRAFFIC_12G_CONFIRM);
    expect((await open({ device_id: big.id, confirm_12g: true })).body.code).toBe(0);
  });

  it('permissions: 1003 outside the scope, 1002 without hmi 6 / 48, 48 views only', async () => {
    const h = await hmi();
    const other = await createActiveUser(server);
    expect((await open({ device_id: h.id }, other.tokens.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const nothing = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView],
      deviceIds: [h.id],
    });
    expect((await open({ device_id: h.id }, nothing.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmiCheck],
      deviceIds: [h.id],
    });
    expect((await open({ device_id: h.id }, viewer.tokens.token)).body.data.mode).toBe('view');
    expect((await open({ device_id: h.id, target: { port: 502 } }, viewer.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    expect((await open({ device_id: h.id, takeover: true }, viewer.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
  });

  it('operating needs the device zone in the role: hmi 6 without it gets a view session', async () => {
    const h = await hmi();
    const db = server.app.db;
    const now = Date.now();
    const zone = await db
      .insertInto('zones')
      .values({ team_id: main.profile.team_id, name: `z${now}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('device_zones')
      .values({ device_id: h.id, zone_id: zone.id, team_id: main.profile.team_id })
      .execute();
    const outside = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmi],
      deviceIds: [h.id],
    });
    expect((await open({ device_id: h.id }, outside.tokens.token)).body.data.mode).toBe('view');
    expect((await open({ device_id: h.id, target: { port: 502 } }, outside.tokens.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    const inside = await createSubAccount(server, main, { permissions: [Perm.DeviceHmi], deviceIds: [h.id] });
    await db.insertInto('role_zones').values({ role_id: inside.roleId, zone_id: zone.id }).execute();
    expect((await open({ device_id: h.id }, inside.tokens.token)).body.data.mode).toBe('operate');
  });

  it('one operator: the second gets a view session naming the operator; the main account takes over', async () => {
    const h = await hmi();
    const member = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DeviceHmi],
      deviceIds: [h.id],
    });
    const first = (await open({ device_id: h.id }, member.tokens.token)).body.data;
    expect(first.mode).toBe('operate');
    const c1 = await clientSocket(server, first);
    const second = (await open({ device_id: h.id })).body.data;
    expect(second).toMatchObject({ mode: 'view', operator_name: 'Sub' });
    const status = await server.call<TunnelStatus[]>('GET', `/remote/status?device_ids=${h.id}`, { token });
    expect(status.body.data[0]).toMatchObject({ state: 'in_use', operator_name: 'Sub', viewers: 1 });

    const taken = (await open({ device_id: h.id, takeover: true })).body.data;
    expect(taken).toMatchObject({ mode: 'operate', operator_name: null });
    expect(await c1.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'takeover' });
    expect((await record(first.session_id)).end_reason).toBe('takeover');
  });

  it('view sessions cannot operate: the server drops key, pointer and clipboard messages', async () => {
    // An RFB server's greeting, then an echo of what the filter passed.
    const greeter = await tcpServer((sock) => {
      sock.write('RFB 003.008\n');
      sock.pipe(sock);
    });
    const h = await hmi(undefined, true, greeter.port);
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmi, Perm.DeviceHmiCheck],
      deviceIds: [h.id],
    });
    const s = (await open({ device_id: h.id, view_only: true }, viewer.tokens.token)).body.data;
    expect(s.mode).toBe('view');
    const c = await clientSocket(server, s);
    const version = Buffer.from('RFB 003.008\n', 'latin1');
    const update = Buffer.from([3, 0, 0, 0, 0, 0, 0, 10, 0, 10]);
    await c.until(12); // a client answers the server's greeting
    c.ws.send(Buffer.concat([version, Buffer.from([1, 0]), Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61])]));
    c.ws.send(Buffer.concat([Buffer.from([5, 1, 0, 1, 0, 1]), update]));
    const back = await c.until(12 + 12 + 2 + 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.received.equals(Buffer.concat([version, version, Buffer.from([1, 1]), update]))).toBe(true);
    expect(back.length).toBe(36);
    await greeter.close();
  });
});

describe('remote access: tokens', () => {
  it("refuses with 4001 a replayed token, another tunnel's token, a guessed id, a device with another device's token", async () => {
    const h = await hmi();
    const s = (await open({ device_id: h.id })).body.data;
    const c = await clientSocket(server, s);
    expect(await closeCodeAt(server, s.ws_path)).toBe(TunnelCloseCode.BadToken); // replay

    const other = await createActiveUser(server);
    const h2 = await fakeHmi(server, other.tokens.token, echo.port);
    hmis.push(h2);
    await withTraffic(server, other.tokens.token, h2.id);
    const s2 = (await open({ device_id: h2.id }, other.tokens.token)).body.data;
    const token2 = s2.ws_path.split('token=')[1]!;
    // Another team's token on this tunnel; a guessed tunnel id; no token.
    expect(await closeCodeAt(server, `/v1/ws/tunnel/${s.tunnel_id}?token=${token2}`)).toBe(
      TunnelCloseCode.BadToken,
    );
    expect(await closeCodeAt(server, `/v1/ws/tunnel/AAAAAAAAAAAAAAAAAAAAAA?token=${token2}`)).toBe(
      TunnelCloseCode.BadToken,
    );
    expect(await closeCodeAt(server, `/v1/ws/tunnel/${s2.tunnel_id}`)).toBe(TunnelCloseCode.BadToken);
    // The client token is not the device's: dialling the device path with it fails.
    expect(await closeCodeAt(server, `/v1/ws/tunnel-device/${s2.tunnel_id}?token=${token2}`)).toBe(
      TunnelCloseCode.BadToken,
    );
    // Its own client token still works once (the failures above did not use it).
    const c2 = await clientSocket(server, s2);
    c2.ws.send('ok');
    expect((await c2.until(2)).toString()).toBe('ok');
    c.ws.close();

    // A device dialling with another device's token (h's own token is valid for h's tunnel only).
    const h3 = await hmi();
    h3.tokenOverride = h2.commands.find((cmd) => cmd.op === 'tunnel_open')!.args.token as string;
    const s3 = (await open({ device_id: h3.id })).body.data;
    await eventually(
      async () => h3.closeCodes,
      (codes) => codes.length === 1,
      'dial refused',
    );
    expect(h3.closeCodes).toEqual([TunnelCloseCode.BadToken]);
    expect(server.app.services.tunnelHub.tunnelOfSession(s3.session_id)?.joined ?? false).toBe(false);
  });
});

describe('DIACom and the month traffic list', () => {
  const app = { 'x-client-id': 'diacom' };
  it('the switch: off gives the app an empty list and 1002; on lists the devices and opens (client diacom)', async () => {
    const h = await hmi();
    const user = await createActiveUser(server);
    const t = user.tokens.token;
    const h2 = await fakeHmi(server, t, echo.port);
    hmis.push(h2);
    await withTraffic(server, t, h2.id);
    const info = async () =>
      (await server.call<{ diacom: number }>('GET', '/global/getUserInfo', { token: t })).body.data;
    const devices = async (headers?: Record<string, string>) =>
      (
        await server.call<{ list: { device_id: number }[] }>('GET', '/diacom/devices', {
          token: t,
          ...(headers ? { headers } : {}),
        })
      ).body;
    expect((await info()).diacom).toBe(0);
    expect(await devices(app)).toMatchObject({ code: 0, data: { list: [] } });
    expect((await open({ device_id: h2.id }, t, app)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);

    expect(
      (await server.call('POST', '/user/diacom', { token: t, body: { enabled: true } })).body,
    ).toMatchObject({ code: 0, data: { enabled: true } });
    expect((await info()).diacom).toBe(1);
    expect((await devices(app)).data.list.map((d) => d.device_id)).toEqual([h2.id]); // not the other team's h
    expect((await devices()).code).toBe(ErrorCode.E1002_PERMISSION_DENIED); // not the app
    const s = (await open({ device_id: h2.id }, t, app)).body.data;
    expect((await record(s.session_id).catch(() => null)) ?? null).toBeNull(); // another team's record: 1003
    const mine = await server.call<RemoteSessionRecord>('GET', `/remote/session?session_id=${s.session_id}`, {
      token: t,
    });
    expect(mine.body.data.client).toBe('diacom');
    expect(h.id).not.toBe(h2.id);
  });

  it('POST /diacom/monthtraffic without device_id lists the month per device in scope; with it, switches', async () => {
    const h = await hmi();
    await server.app.services.trafficLedger.record(h.id, { up: 10, down: 20 });
    const list = await server.call<{
      month: string;
      list: { device_id: number; bytes_up: number; used_bytes: number; on: boolean }[];
    }>('POST', '/diacom/monthtraffic', { token, body: {} });
    expect(list.body.code).toBe(0);
    expect(list.body.data.month).toBe(trafficMonthOf(Date.now()));
    expect(list.body.data.list.find((d) => d.device_id === h.id)).toMatchObject({
      bytes_up: 10,
      used_bytes: 30,
      on: true,
    });
    const other = await createActiveUser(server);
    const theirs = await server.call<{ list: unknown[] }>('POST', '/diacom/monthtraffic', {
      token: other.tokens.token,
      body: {},
    });
    expect(theirs.body.data.list).toEqual([]);
    expect(
      (await server.call('POST', '/diacom/monthtraffic', { token, body: { device_id: h.id } })).body.code,
    ).toBe(ErrorCode.E1006_BAD_PARAMETER);
  });
});
