import { ErrorCode, Perm, type RemoteSession } from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { fakeHmi, tcpServer, withTraffic, type FakeHmi } from './remote-test-helpers.ts';

/*
 * Issue 23 item 5: remote sessions are capped per device, per user and per team
 * (REMOTE_MAX_SESSIONS_PER_DEVICE / _USER / _TEAM, here 2 / 3 / 5): one more is refused with 1036
 * naming the cap, leaves no record and dials no tunnel. A port forward to the HMI's own VNC port
 * (5900) is the screen: it needs operate rights and has one operator like a VNC session.
 */
let server: TestServer;
let echo: Awaited<ReturnType<typeof tcpServer>>;
const hmis: FakeHmi[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({
    REMOTE_MAX_SESSIONS_PER_DEVICE: '2',
    REMOTE_MAX_SESSIONS_PER_USER: '3',
    REMOTE_MAX_SESSIONS_PER_TEAM: '5',
  });
  echo = await tcpServer();
});
afterEach(async () => {
  await Promise.all(hmis.splice(0).map((h) => h.end()));
});
afterAll(async () => {
  await server?.close();
  await echo?.close();
});

async function hmi(token: string) {
  const h = await fakeHmi(server, token, echo.port);
  hmis.push(h);
  await withTraffic(server, token, h.id);
  return h;
}
const open = (token: string, body: object) =>
  server.call<RemoteSession>('POST', '/remote/open', {
    token,
    body,
    headers: { 'accept-language': 'en-us' },
  });
const openRows = (teamId: number) =>
  server.app.db
    .selectFrom('remote_sessions')
    .select('id')
    .where('team_id', '=', teamId)
    .where('ended_at', 'is', null)
    .execute();

describe('remote access: session caps', () => {
  it('refuses beyond the device, user and team caps with 1036 naming the cap; closing one frees a place', async () => {
    const main = await createActiveUser(server);
    const token = main.tokens.token;
    const [d1, d2, d3, d4] = [await hmi(token), await hmi(token), await hmi(token), await hmi(token)];
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmiCheck],
      deviceIds: [d2.id, d3.id, d4.id],
    });

    expect((await open(token, { device_id: d1.id })).body.code).toBe(0);
    expect((await open(token, { device_id: d1.id })).body.code).toBe(0);
    const dialled = d1.commands.length;
    const device = await open(token, { device_id: d1.id });
    expect(device.status).toBe(429);
    expect(device.body).toMatchObject({
      code: ErrorCode.E1036_TOO_FREQUENT,
      data: { limit: 'device', max: 2 },
    });
    expect(d1.commands.length).toBe(dialled);

    for (const d of [d2, d3, d4])
      expect((await open(viewer.tokens.token, { device_id: d.id })).body.code).toBe(0);
    expect((await open(viewer.tokens.token, { device_id: d2.id })).body).toMatchObject({
      code: ErrorCode.E1036_TOO_FREQUENT,
      data: { limit: 'user', max: 3 },
    });
    // Team: 2 + 3 open; the main account's third session (its own cap allows it) is the sixth.
    const team = await open(token, { device_id: d3.id });
    expect(team.body).toMatchObject({ code: ErrorCode.E1036_TOO_FREQUENT, data: { limit: 'team', max: 5 } });
    // Refused opens leave no record.
    expect(await openRows(main.profile.team_id)).toHaveLength(5);

    const first = (await openRows(main.profile.team_id))[0]!;
    expect(
      (await server.call('POST', '/remote/close', { token, body: { session_id: first.id } })).body.code,
    ).toBe(0);
    expect((await open(token, { device_id: d3.id })).body.code).toBe(0);
  });
});

describe('remote access: a port forward to the VNC port is the screen', () => {
  it('needs operate rights, and a second operator gets a filtered view session naming the first', async () => {
    const main = await createActiveUser(server);
    const d = await hmi(main.tokens.token);
    const viewer = await createSubAccount(server, main, {
      permissions: [Perm.DeviceHmiCheck],
      deviceIds: [d.id],
    });
    const [op1, op2] = [
      await createSubAccount(server, main, { permissions: [Perm.DeviceHmi], deviceIds: [d.id] }),
      await createSubAccount(server, main, { permissions: [Perm.DeviceHmi], deviceIds: [d.id] }),
    ];
    const vncPort = { target: { port: 5900 } };
    expect((await open(viewer.tokens.token, { device_id: d.id, ...vncPort })).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );
    const first = await open(op1.tokens.token, { device_id: d.id, ...vncPort });
    expect(first.body.data).toMatchObject({ mode: 'operate', operator_name: null });
    expect(d.commands.at(-1)).toMatchObject({ op: 'tunnel_open', args: { target: 'vnc' } });
    const second = await open(op2.tokens.token, { device_id: d.id, ...vncPort });
    expect(second.body.data).toMatchObject({ mode: 'view', operator_name: 'Sub' });
    const tunnel = server.app.services.tunnelHub.tunnelOfSession(second.body.data.session_id);
    expect(tunnel?.binding.viewOnlyRfb).toBe(true);
    // Any other port is still a plain forward (operate, not filtered). The device cap is 2.
    const closed = await server.call('POST', '/remote/close', {
      token: op2.tokens.token,
      body: { session_id: second.body.data.session_id },
    });
    expect(closed.body.code).toBe(0);
    const other = await open(op2.tokens.token, { device_id: d.id, target: { port: 502 } });
    expect(other.body.data.mode).toBe('operate');
    expect(
      server.app.services.tunnelHub.tunnelOfSession(other.body.data.session_id)?.binding.viewOnlyRfb,
    ).toBe(false);
  });
});
