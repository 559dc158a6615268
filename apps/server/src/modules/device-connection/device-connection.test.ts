import {
  deviceTopic,
  ErrorCode,
  Perm,
  type DeviceConnectionLogReply,
  type DeviceConnectionReason,
  type DeviceDetail,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  registerDevice,
  startDeviceTestServer,
  uniqueDeviceName,
} from '../device/device-test-factories.ts';
import { connectedDevice } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { DeviceConnectionRepo } from './device-connection.repo.ts';
import {
  DeviceConnectionService,
  refinedOfflineReason,
  SAME_OUTAGE_MS,
} from './device-connection.service.ts';

/*
 * A device's online history through the real server: a plain MQTT.js client acts as the device
 * (DESIGN section 5) against the embedded broker or the external one of MQTT_URL; the events are
 * read back through GET /device/online/log with the permission and data-scope cases.
 */
const external = Boolean(process.env.MQTT_URL);

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

const log = (id: number, as = token, query = '') =>
  server.call<DeviceConnectionLogReply>('GET', `/device/online/log?id=${id}${query}`, { token: as });

/** The events of a device, oldest first, as [online, reason]. */
async function events(id: number): Promise<[number, DeviceConnectionReason][]> {
  const res = await log(id, token, '&page_size=100');
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data.list.map((e): [number, DeviceConnectionReason] => [e.online, e.reason]).reverse();
}

async function eventually(id: number, expected: [number, DeviceConnectionReason][]): Promise<void> {
  const deadline = Date.now() + 8_000;
  let last = await events(id);
  while (JSON.stringify(last) !== JSON.stringify(expected)) {
    if (Date.now() > deadline)
      throw new Error(`events of ${id}: wanted ${JSON.stringify(expected)}, got ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await events(id);
  }
}

/** A bound device and its MQTT client, connected with a retained Last Will `{online:false}`. */
async function boundDevice(target = server, as = token) {
  const { sn, secret } = await registerDevice(target);
  const bind = await target.call<DeviceDetail>('POST', '/device/bind', {
    token: as,
    body: { sn, pin: secret, name: uniqueDeviceName() },
  });
  expect(bind.body.code).toBe(0);
  const client = await connectedDevice(target.app.deviceMqttUrl, sn, secret, {
    keepalive: 30,
    will: { topic: deviceTopic(sn, 'state'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  clients.push(client);
  const state = (online: boolean) =>
    client.publishAsync(deviceTopic(sn, 'state'), JSON.stringify({ online }), { qos: 1, retain: true });
  return { id: bind.body.data.id, sn, secret, client, state };
}

describe('GET /device/online/log', () => {
  it('records online and offline with their reasons, newest first, paged', async () => {
    const d = await boundDevice();
    expect((await log(d.id)).body.data).toEqual({ list: [], total: 0, page: 1, page_size: 20 });

    await d.state(true);
    await eventually(d.id, [[1, 'state']]);
    // A repeated online state (a redelivery, a reconnect the broker took over) is no change.
    await d.state(true);
    await d.state(false);
    await eventually(d.id, [
      [1, 'state'],
      [0, 'state'],
    ]);
    await d.state(true);
    await eventually(d.id, [
      [1, 'state'],
      [0, 'state'],
      [1, 'state'],
    ]);

    // Power loss: the socket dies without DISCONNECT. The embedded broker reports the closed
    // connection and publishes the Last Will, in either order: the Will names the outage. An
    // external broker only forwards the Will, which reads as the device's own offline state.
    d.client.stream.destroy();
    const lost: DeviceConnectionReason = external ? 'state' : 'will';
    await eventually(d.id, [
      [1, 'state'],
      [0, 'state'],
      [1, 'state'],
      [0, lost],
    ]);

    const page = await log(d.id, token, '&page=2&page_size=3');
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.list[0]).toMatchObject({ device_id: d.id, online: 1, reason: 'state' });
    const first = (await log(d.id)).body.data.list;
    expect(first[0]!.at).toBeGreaterThanOrEqual(first[1]!.at);
    expect(first[0]!.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs device view (1002) and a device in the caller team and data scope (1003)', async () => {
    const device = await buildDevice(server, token);
    expect((await log(device.id)).body.code).toBe(0);

    const noView = await createSubAccount(server, main, {
      permissions: [Perm.DeviceMonitor],
      deviceIds: [device.id],
    });
    const res = await log(device.id, noView.tokens.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);

    const noScope = await createSubAccount(server, main, { permissions: [Perm.DeviceView], deviceIds: [] });
    expect((await log(device.id, noScope.tokens.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const allowed = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView],
      deviceIds: [device.id],
    });
    expect((await log(device.id, allowed.tokens.token)).body.code).toBe(0);

    // Another team's main account holds every permission, but not this device.
    const other = await createActiveUser(server);
    const foreign = await log(device.id, other.tokens.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await log(999_999_999)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await log(device.id, token, '&page_size=101')).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await server.call('GET', `/device/online/log?id=${device.id}`)).body.code).toBe(
      ErrorCode.E1008_AUTH_HEADER_MISSING,
    );
  });

  it('is deleted with the binding: unbinding purges it, the next binding starts afresh', async () => {
    const d = await boundDevice();
    await d.state(true);
    await d.state(false);
    await eventually(d.id, [
      [1, 'state'],
      [0, 'state'],
    ]);
    const unbind = await server.call('POST', '/device/unbind', { token, body: { ids: [d.id] } });
    expect(unbind.body.code).toBe(0);
    const rows = await server.app.db
      .selectFrom('device_connection_events')
      .select('id')
      .where('device_id', '=', d.id)
      .execute();
    expect(rows).toEqual([]);
    // Unbound, the device's changes are not recorded (nobody's history).
    await d.state(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await server.app.db
        .selectFrom('device_connection_events')
        .select('id')
        .where('device_id', '=', d.id)
        .execute(),
    ).toEqual([]);

    const other = await createActiveUser(server);
    const bind = await server.call<DeviceDetail>('POST', '/device/bind', {
      token: other.tokens.token,
      body: { sn: d.sn, pin: d.secret, name: uniqueDeviceName('B') },
    });
    expect(bind.body.code).toBe(0);
    expect(bind.body.data.id).toBe(d.id);
    // The new binding's history starts with the device online at binding, nothing of the old one.
    const fresh = await log(d.id, other.tokens.token);
    expect(fresh.body.data.list.map((e) => [e.online, e.reason])).toEqual([[1, 'bound']]);
    expect(fresh.body.data.list[0]!.at).toBeGreaterThanOrEqual(bind.body.data.bound_at!);
    expect((await log(d.id)).body.code).toBe(ErrorCode.E1003_NO_DATA);
  });

  it('keeps the newest events of each device only', async () => {
    const a = await buildDevice(server, token);
    const b = await buildDevice(server, token);
    const service = new DeviceConnectionService(new DeviceConnectionRepo(server.app.db), 3);
    const t = Date.now();
    for (let i = 0; i < 7; i++) await service.record(a.id, i % 2, i % 2 === 0 ? 1 : 0, 'state', t + i);
    await service.record(b.id, 0, 1, 'state', t);
    const kept = (await log(a.id)).body.data;
    expect(kept.total).toBe(3);
    expect(kept.list.map((e) => [e.online, e.at])).toEqual([
      [1, t + 6],
      [0, t + 5],
      [1, t + 4],
    ]);
    expect((await log(b.id)).body.data.total).toBe(1);
  });
});

describe.skipIf(external)('server stop and restart (embedded broker)', () => {
  it('a connected device goes offline as server_stop; one left online by a crash as server_restart', async () => {
    const own = await startDeviceTestServer();
    let again: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const user = await createActiveUser(own);
      const connected = await boundDevice(own, user.tokens.token);
      await connected.state(true);
      const left = await buildDevice(own, user.tokens.token);
      const read = async (id: number) =>
        (
          await own.app.db
            .selectFrom('device_connection_events')
            .select(['online', 'reason'])
            .where('device_id', '=', id)
            .orderBy('id')
            .execute()
        ).map((e) => [e.online, e.reason]);
      const deadline = Date.now() + 8_000;
      while ((await read(connected.id)).length < 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      // As if the server had been killed while this device was online: nothing recorded it.
      await own.app.db.updateTable('devices').set({ online: 1 }).where('id', '=', left.id).execute();

      await own.app.close();
      again = await buildApp(own.config, { logger: false });
      const rows = async (id: number) =>
        (
          await again!.db
            .selectFrom('device_connection_events')
            .select(['online', 'reason'])
            .where('device_id', '=', id)
            .orderBy('id')
            .execute()
        ).map((e) => [e.online, e.reason]);
      expect(await rows(connected.id)).toEqual([
        [1, 'state'],
        [0, 'server_stop'],
      ]);
      expect(await rows(left.id)).toEqual([[0, 'server_restart']]);
      const online = await again.db.selectFrom('devices').select('id').where('online', '=', 1).execute();
      expect(online).toEqual([]);
    } finally {
      await again?.close();
      await own.close();
    }
  });
});

describe('refinedOfflineReason', () => {
  const at = 1_000_000;
  it.each([
    // latest recorded, new signal -> the reason to record (null: keep)
    ['closed', 'will', 'will'],
    ['will', 'closed', null],
    ['error', 'keepalive_timeout', 'keepalive_timeout'],
    ['will', 'keepalive_timeout', 'keepalive_timeout'],
    ['keepalive_timeout', 'will', null],
    ['state', 'closed', null],
    ['will', 'server_stop', 'server_stop'],
    ['server_stop', 'will', null],
  ] as const)('offline %s, then %s -> %s', (recorded, next, expected) => {
    expect(refinedOfflineReason({ online: 0, reason: recorded, at }, next, at + 50)).toBe(expected);
  });

  it('leaves an online event and another outage alone', () => {
    expect(refinedOfflineReason({ online: 1, reason: 'state', at }, 'will', at)).toBeNull();
    expect(
      refinedOfflineReason({ online: 0, reason: 'closed', at }, 'will', at + SAME_OUTAGE_MS + 1),
    ).toBeNull();
    expect(refinedOfflineReason(undefined, 'will', at)).toBeNull();
  });
});
