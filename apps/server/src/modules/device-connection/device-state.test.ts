import { deviceTopic, type DeviceConfig, type DeviceDetail, type TemplateDetail } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildTemplate,
  registerDevice,
  setTemplateLimit,
  startDeviceTestServer,
  uniqueDeviceName,
} from '../device/device-test-factories.ts';
import { connectDevice, connectedDevice, uniqueSn, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * End to end through the real server: a plain MQTT.js client acts as the device using only the
 * protocol table of DESIGN section 5 (client id = username = SN, password = PIN, JSON, QoS 1),
 * against the embedded broker on a free port, or the external broker of MQTT_URL (CI: Mosquitto).
 */
const external = Boolean(process.env.MQTT_URL);

let server: TestServer;
let token: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer();
  const main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 10);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

/** Polls until `check` passes (the device-state service works asynchronously). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 8_000;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

const detail = async (id: number) =>
  (await server.call<DeviceDetail>('GET', `/device/detail?id=${id}`, { token })).body.data;

interface Received {
  payload: string;
  retain: boolean;
}

/** Connects a device that records every config it receives, subscribed to its config topic. */
async function deviceClient(sn: string, secret: string) {
  const client = await connectedDevice(server.app.deviceMqttUrl, sn, secret, {
    keepalive: 30,
    will: { topic: deviceTopic(sn, 'state'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  clients.push(client);
  const configs: Received[] = [];
  client.on('message', (topic, payload, packet) => {
    if (topic === deviceTopic(sn, 'config'))
      configs.push({ payload: payload.toString('utf8'), retain: packet.retain });
  });
  await client.subscribeAsync(deviceTopic(sn, 'config'), { qos: 1 });
  /** The first config received with a version above `after`. */
  const nextConfig = async (after: number): Promise<DeviceConfig & { retain: boolean }> => {
    const parsed = () =>
      configs
        .filter((c) => c.payload !== '')
        .map((c) => ({ ...(JSON.parse(c.payload) as DeviceConfig), retain: c.retain }))
        .find((c) => c.version > after);
    await waitUntil(() => parsed() !== undefined, 8_000, `a config above version ${after}`);
    return parsed()!;
  };
  return { client, configs, nextConfig };
}

/** A registered, bound device and its MQTT client, connected with a Last Will and subscribed to its config. */
async function boundDevice() {
  const { sn, secret } = await registerDevice(server);
  const bind = await server.call<DeviceDetail>('POST', '/device/bind', {
    token,
    body: { sn, pin: secret, name: uniqueDeviceName() },
  });
  expect(bind.body.code).toBe(0);
  return { sn, secret, id: bind.body.data.id, ...(await deviceClient(sn, secret)) };
}

const publish = (client: MqttClient, sn: string, channel: 'state' | 'config/ack', payload: unknown) =>
  client.publishAsync(deviceTopic(sn, channel), JSON.stringify(payload), {
    qos: 1,
    retain: channel === 'state',
  });

describe('device state over MQTT', () => {
  it('state online -> online 1 with model, kind, firmware, ip; Last Will -> online 0', async () => {
    const { sn, id, client } = await boundDevice();
    expect((await detail(id)).online).toBe(0);
    await publish(client, sn, 'state', {
      online: true,
      model: 'DOP-107WV',
      kind: 'hmi',
      firmware: '2.1.0',
      ip: '10.1.2.3',
    });
    const online = await eventually(
      () => detail(id),
      (d) => d.online === 1,
      'online 1',
    );
    expect(online).toMatchObject({
      model: 'DOP-107WV',
      kind: 'hmi',
      firmware: '2.1.0',
      ip: '10.1.2.3',
      hmi_sn: sn,
    });
    expect(online.last_seen_at).toBeGreaterThan(Date.now() - 60_000);

    // The connection drops without DISCONNECT: the broker publishes the Last Will.
    client.stream.destroy();
    await eventually(
      () => detail(id),
      (d) => d.online === 0,
      'online 0 after the Last Will',
    );
    const overview = await server.call<{ online: number }>('GET', '/device/overview', { token });
    expect(overview.body.data.online).toBe(0);
  });

  it('a state with control characters still sets online 1; model, firmware and ip are stored without them', async () => {
    const { sn, id, client } = await boundDevice();
    await publish(client, sn, 'state', {
      online: true,
      model: 'DOP\u0000-107\u001b[2J',
      firmware: '2.1\u0007.0\u0085\ud800',
      ip: '10.1.2.3\n',
    });
    const online = await eventually(
      () => detail(id),
      (d) => d.online === 1,
      'online 1',
    );
    expect(online).toMatchObject({ model: 'DOP-107[2J', firmware: '2.1.0\ufffd', ip: '10.1.2.3' });
  });

  it('an explicit offline state sets online 0', async () => {
    const { sn, id, client } = await boundDevice();
    await publish(client, sn, 'state', { online: true });
    await eventually(
      () => detail(id),
      (d) => d.online === 1,
      'online 1',
    );
    await publish(client, sn, 'state', { online: false });
    await eventually(
      () => detail(id),
      (d) => d.online === 0,
      'online 0',
    );
  });

  it('template assigned -> retained config -> ack -> sync 1; template edited -> sync 0 and a new config', async () => {
    const { sn, secret, id, client, nextConfig } = await boundDevice();
    const template: TemplateDetail = await buildTemplate(server, token, {
      tags: [
        { name: 'speed', data_type: 1, rw: 2, unit: 'rpm', decimals: 1 },
        { name: 'running', data_type: 0, rw: 0 },
      ],
    });
    const before = (await detail(id)).config_version;
    const assigned = await server.call('POST', '/device/template', {
      token,
      body: { ids: [id], template_id: template.id },
    });
    expect(assigned.body.code).toBe(0);
    const config = await nextConfig(before);
    expect(config).toMatchObject({ templateId: template.id, version: before + 1, alarms: [] });
    expect(config.tags.map((t) => [t.id, t.name, t.type, t.rw])).toEqual(
      template.tags.map((t) => [t.id, t.name, t.data_type, t.rw]),
    );
    expect((await detail(id)).sync_state).toBe(0);

    // An ack of another version changes nothing; the current one sets sync 1.
    await publish(client, sn, 'config/ack', { templateId: template.id, version: before });
    await publish(client, sn, 'config/ack', { templateId: null, version: config.version });
    await new Promise((r) => setTimeout(r, 200));
    expect((await detail(id)).sync_state).toBe(0);
    await publish(client, sn, 'config/ack', { templateId: template.id, version: config.version });
    const synced = await eventually(
      () => detail(id),
      (d) => d.sync_state === 1,
      'sync 1',
    );
    expect(synced.acked_version).toBe(config.version);

    // The config is retained: a device that subscribes later (a reconnect) gets it.
    await client.endAsync();
    const late = await deviceClient(sn, secret);
    const retained = await late.nextConfig(before);
    expect(retained).toMatchObject({ templateId: template.id, version: config.version, retain: true });

    const edit = await server.call<TemplateDetail>('POST', '/template/edit', {
      token,
      body: { id: template.id, tags: [...template.tags, { name: 'count', data_type: 5 }] },
    });
    expect(edit.body.code).toBe(0);
    expect((await detail(id)).sync_state).toBe(0);
    const next = await late.nextConfig(config.version);
    expect(next.version).toBe(config.version + 1);
    expect(next.tags.map((t) => t.name)).toEqual(['speed', 'running', 'count']);
    // Tag ids survive an edit (history is keyed on them).
    expect(next.tags.slice(0, 2).map((t) => t.id)).toEqual(config.tags.map((t) => t.id));
    await publish(late.client, sn, 'config/ack', { templateId: template.id, version: next.version });
    await eventually(
      () => detail(id),
      (d) => d.sync_state === 1,
      'sync 1 after the edit',
    );
  });

  it('unbinding clears the retained config', async () => {
    const { id, configs, nextConfig } = await boundDevice();
    await nextConfig(0);
    const res = await server.call('POST', '/device/unbind', { token, body: { ids: [id] } });
    expect(res.body.code).toBe(0);
    await waitUntil(() => configs.some((c) => c.payload === ''), 8_000, 'the cleared config');
  });
});

describe.skipIf(external)('registration on the embedded broker', () => {
  it('a wrong PIN is refused; an unknown SN registers itself (trust on first use) and can be bound with its PIN', async () => {
    const { sn, secret } = await registerDevice(server);
    const wrong = await connectDevice(server.app.deviceMqttUrl, sn, `${secret}x`);
    expect(wrong.ok).toBe(false);

    const newcomer = uniqueSn('TOFU');
    const first = await connectedDevice(server.app.deviceMqttUrl, newcomer, 'first-pin');
    clients.push(first);
    const row = await server.app.db
      .selectFrom('devices')
      .selectAll()
      .where('sn', '=', newcomer)
      .executeTakeFirst();
    expect(row).toMatchObject({ sn: newcomer, registered_by: 'auto', team_id: null });
    const bind = await server.call('POST', '/device/bind', {
      token,
      body: { sn: newcomer, pin: 'first-pin', name: uniqueDeviceName() },
    });
    expect(bind.body.code).toBe(0);
  });

  it('with DEVICE_AUTO_REGISTER=false an unknown SN is refused and not stored', async () => {
    const strict = await startDeviceTestServer({ DEVICE_AUTO_REGISTER: 'false' });
    try {
      const sn = uniqueSn('NOAUTO');
      const res = await connectDevice(strict.app.deviceMqttUrl, sn, 'some-pin');
      expect(res.ok).toBe(false);
      const row = await strict.app.db
        .selectFrom('devices')
        .select('id')
        .where('sn', '=', sn)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});
