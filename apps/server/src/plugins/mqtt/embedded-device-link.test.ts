import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, connect as netConnect, type AddressInfo } from 'node:net';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { MqttClient } from 'mqtt';
import { deviceTopic, type DeviceConfig } from '@hmi/domain';
import {
  EmbeddedDeviceLink,
  MqttPortInUseError,
  type EmbeddedDeviceLinkOptions,
} from './embedded-device-link.ts';
import { MemoryDeviceRegistry } from './memory-device-registry.ts';
import {
  closed,
  connectDevice,
  connectedDevice,
  LinkRecorder,
  nextDeviceMessage,
  rawConnect,
  selfSignedCert,
  sleep,
  subscribeGranted,
  waitUntil,
} from './mqtt-test-helpers.ts';

const A = 'DEV-AAAA-0001';
const B = 'DEV-BBBB-0002';
const SECRET_A = 'pin-A-123456';
const SECRET_B = 'pin-B-654321';
const offline = JSON.stringify({ online: false });
const online = JSON.stringify({
  online: true,
  model: 'HMI-7',
  kind: 'hmi',
  firmware: '1.0.0',
  ip: '10.0.0.9',
});

const config: DeviceConfig = {
  templateId: 7,
  version: 3,
  tags: [{ id: 1, name: 'speed', type: 7, rw: 2 }],
  alarms: [],
};

let link: EmbeddedDeviceLink;
let registry: MemoryDeviceRegistry;
let rec: LinkRecorder;
let url: string;
const clients: MqttClient[] = [];
let clock = 1_700_000_000_000;

async function startLink(options: Partial<EmbeddedDeviceLinkOptions> = {}) {
  registry = new MemoryDeviceRegistry();
  await registry.register(A, SECRET_A);
  await registry.register(B, SECRET_B);
  link = new EmbeddedDeviceLink({
    registry,
    port: 0,
    host: '127.0.0.1',
    autoRegister: false,
    now: () => clock,
    ...options,
  });
  rec = new LinkRecorder(link);
  await link.start();
  url = `mqtt://127.0.0.1:${link.ports.mqtt}`;
}

async function device(sn: string, secret: string, options: Parameters<typeof connectedDevice>[3] = {}) {
  const client = await connectedDevice(url, sn, secret, options);
  clients.push(client);
  return client;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.end(true);
  await link?.stop();
});

describe('embedded broker: authentication', () => {
  it('accepts a registered device and reports the connection', async () => {
    await startLink();
    await device(A, SECRET_A, { keepalive: 30 });
    await waitUntil(() => rec.events.connect.length === 1);
    expect(rec.events.connect[0]).toMatchObject({ sn: A, transport: 'tcp', keepalive: 30, takeover: false });
    expect(link.isConnected(A)).toBe(true);
  });

  it('refuses a wrong secret with return code 4', async () => {
    await startLink();
    const r = await connectDevice(url, A, 'wrong-secret');
    expect(r.ok).toBe(false);
    expect(r.ok || r.code).toBe(4);
    expect(rec.events.refused).toContainEqual(
      expect.objectContaining({ sn: A, action: 'connect', reason: 'wrong secret' }),
    );
    expect(rec.events.connect).toEqual([]);
  });

  it('refuses an unknown SN when auto-registration is off', async () => {
    await startLink({ autoRegister: false });
    const r = await connectDevice(url, 'NEW-DEVICE-01', 'first-secret');
    expect(r.ok || r.code).toBe(5);
    expect(registry.has('NEW-DEVICE-01')).toBe(false);
  });

  it('registers an unknown SN on first use when enabled, then holds it to that secret', async () => {
    await startLink({ autoRegister: true });
    const first = await connectDevice(url, 'NEW-DEVICE-01', 'first-secret');
    expect(first.ok).toBe(true);
    if (first.ok) first.client.end(true);
    expect(registry.has('NEW-DEVICE-01')).toBe(true);
    const other = await connectDevice(url, 'NEW-DEVICE-01', 'another-secret');
    expect(other.ok || other.code).toBe(4);
    const again = await connectDevice(url, 'NEW-DEVICE-01', 'first-secret');
    expect(again.ok).toBe(true);
    if (again.ok) again.client.end(true);
  });

  it.each([
    ['a client id that is not an SN', 'dev/1', 'dev/1', 2],
    ['a wildcard client id', 'dev+#', 'dev+#', 2],
    ['a username that is not the client id', A, B, 4],
  ])('refuses %s', async (_name, clientId, username, code) => {
    await startLink({ autoRegister: true });
    const r = await connectDevice(url, clientId, SECRET_A, { username });
    expect(r.ok || r.code).toBe(code);
  });

  it('refuses a connection without a password', async () => {
    await startLink({ autoRegister: true });
    const r = await connectDevice(url, A, '', { password: undefined });
    expect(r.ok || r.code).toBe(4);
  });
});

describe('embedded broker: topic rules', () => {
  it.each([
    ["another device's data", `hmi/v1/${B}/data`, false],
    ["another device's state", `hmi/v1/${B}/state`, false],
    ['its own config (a cloud channel)', `hmi/v1/${A}/config`, false],
    ['its own cmd (a cloud channel)', `hmi/v1/${A}/cmd`, false],
    ['$SYS', '$SYS/broker/x', false],
    ['a topic outside the protocol', 'factory/line1', false],
    ['an unknown channel', `hmi/v1/${A}/other`, false],
    ['retained data', `hmi/v1/${A}/data`, true],
  ])('drops a publish to %s and closes the connection', async (_name, topic, retain) => {
    await startLink();
    const a = await device(A, SECRET_A);
    const b = await device(B, SECRET_B);
    const bGot: string[] = [];
    await b.subscribeAsync([deviceTopic(B, 'config'), deviceTopic(B, 'cmd')], { qos: 1 });
    b.on('message', (t) => bGot.push(t));
    const payload = JSON.stringify({ ts: 1, v: { '1': 1 } });
    a.publish(topic, payload, { qos: 1, retain });
    await closed(a);
    await sleep(100);
    expect(rec.messages).toEqual([]);
    expect(bGot).toEqual([]);
    expect(rec.events.refused).toContainEqual(expect.objectContaining({ sn: A, action: 'publish', topic }));
  });

  it('accepts its own uplink channels, retained state included', async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    await a.publishAsync(deviceTopic(A, 'state'), online, { qos: 1, retain: true });
    await a.publishAsync(deviceTopic(A, 'data'), JSON.stringify({ ts: 5, v: { '1': 2.5 } }), { qos: 1 });
    await a.publishAsync(deviceTopic(A, 'config/ack'), JSON.stringify({ templateId: 7, version: 3 }), {
      qos: 1,
    });
    await a.publishAsync(deviceTopic(A, 'cmd/resp'), JSON.stringify({ id: 'c1', ok: true }), { qos: 1 });
    expect(rec.messages.map((m) => [m.sn, m.channel, m.retained])).toEqual([
      [A, 'state', true],
      [A, 'data', false],
      [A, 'config/ack', false],
      [A, 'cmd/resp', false],
    ]);
    expect(rec.messages[1]!.payload).toEqual({ ts: 5, v: { '1': 2.5 } });
  });

  it('refuses subscriptions outside its own downlink topics with SUBACK 0x80 and keeps the connection', async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    const refused = [
      `hmi/v1/${B}/config`,
      `hmi/v1/${B}/cmd`,
      'hmi/v1/+/config',
      `hmi/v1/${A}/#`,
      `hmi/v1/${A}/+`,
      '#',
      '+/+/+/config',
      '$SYS/#',
      `hmi/v1/${A}/state`,
      `hmi/v1/${A}/data`,
      `$share/g/hmi/v1/${A}/config`,
    ];
    expect(await subscribeGranted(a, refused)).toEqual(refused.map(() => 128));
    expect(await subscribeGranted(a, [deviceTopic(A, 'config'), deviceTopic(A, 'cmd')])).toEqual([1, 1]);
    expect(a.connected).toBe(true);
    expect(rec.events.refused.filter((r) => r.action === 'subscribe')).toHaveLength(refused.length);
  });

  it('grants a QoS 2 subscription as QoS 1 in the SUBACK, and delivers at QoS 1', async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    const filters = [deviceTopic(A, 'cmd'), deviceTopic(A, 'config'), deviceTopic(B, 'cmd')];
    expect(await subscribeGranted(a, filters, 2)).toEqual([1, 1, 128]);
    const qos = new Promise<number>((resolve) => a.once('message', (_t, _p, packet) => resolve(packet.qos)));
    await link.sendCommand(A, { id: 'q2', op: 'rebirth', args: {} });
    expect(await qos).toBe(1);
  });

  it("never delivers another device's config or commands", async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    const got: string[] = [];
    a.on('message', (t) => got.push(t));
    expect(await subscribeGranted(a, ['#', 'hmi/v1/+/config', deviceTopic(A, 'config')])).toEqual([
      128, 128, 1,
    ]);
    await link.publishConfig(B, config);
    await link.sendCommand(B, { id: 'c1', op: 'rebirth', args: {} });
    await link.publishConfig(A, config);
    await waitUntil(() => got.length > 0);
    await sleep(100);
    expect(got).toEqual([deviceTopic(A, 'config')]);
  });

  it.each([
    ["another device's state", `hmi/v1/${B}/state`, offline],
    ['its data topic', `hmi/v1/${A}/data`, offline],
    ['an online payload', `hmi/v1/${A}/state`, online],
    ['a malformed payload', `hmi/v1/${A}/state`, 'offline'],
  ])('refuses a will on %s at CONNECT', async (_name, topic, payload) => {
    await startLink();
    const r = await connectDevice(url, A, SECRET_A, {
      will: { topic, payload: Buffer.from(payload), qos: 1, retain: true },
    });
    expect(r.ok || r.code).toBe(5);
    expect(rec.events.refused).toContainEqual(expect.objectContaining({ sn: A, action: 'will' }));
  });
});

describe('embedded broker: online state', () => {
  it('reports state online and the Last Will when the socket dies', async () => {
    await startLink();
    const a = await device(A, SECRET_A, {
      will: { topic: deviceTopic(A, 'state'), payload: Buffer.from(offline), qos: 1, retain: true },
    });
    await a.publishAsync(deviceTopic(A, 'state'), online, { qos: 1, retain: true });
    expect((await rec.nextMessage(A, 'state', 0)).payload).toMatchObject({ online: true, kind: 'hmi' });

    a.stream.destroy();
    const will = await rec.nextMessage(A, 'state', 1);
    expect(will).toMatchObject({ sn: A, channel: 'state', payload: { online: false }, will: true });
    await waitUntil(() => rec.events.disconnect.length === 1);
    expect(rec.events.disconnect[0]).toEqual({ sn: A, reason: 'closed' });
    expect(link.isConnected(A)).toBe(false);
  });

  it('does not publish the will on a clean DISCONNECT, but reports the disconnect', async () => {
    await startLink();
    const a = await device(A, SECRET_A, {
      will: { topic: deviceTopic(A, 'state'), payload: Buffer.from(offline), qos: 1, retain: true },
    });
    await a.endAsync();
    await waitUntil(() => rec.events.disconnect.length === 1);
    await sleep(50);
    expect(rec.messagesOf(A, 'state')).toEqual([]);
  });

  it('disconnects a device silent past 1.5 x keepalive and publishes its will', async () => {
    await startLink();
    // A raw CONNECT with keepalive 1 s, then silence (MQTT.js would ping).
    const socket = netConnect(link.ports.mqtt!, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(rawConnect(A, SECRET_A, 1, { topic: deviceTopic(A, 'state'), payload: offline }));
    await waitUntil(() => rec.events.connect.length === 1);
    const started = Date.now();
    await waitUntil(() => rec.events.disconnect.length === 1, 4_000, 'keepalive timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
    expect(rec.events.disconnect[0]).toEqual({ sn: A, reason: 'keepalive-timeout' });
    expect(rec.messagesOf(A, 'state')[0]).toMatchObject({ payload: { online: false }, will: true });
    socket.destroy();
  });
});

describe('embedded broker: takeover', () => {
  it('lets a duplicate client id take over only with the right secret', async () => {
    await startLink();
    const will = {
      topic: deviceTopic(A, 'state'),
      payload: Buffer.from(offline),
      qos: 1 as const,
      retain: true,
    };
    const first = await device(A, SECRET_A, { will });

    const impostor = await connectDevice(url, A, 'not-the-secret', { will });
    expect(impostor.ok || impostor.code).toBe(4);
    await sleep(100);
    expect(first.connected).toBe(true);
    await first.publishAsync(deviceTopic(A, 'data'), JSON.stringify({ ts: 1, v: {} }), { qos: 1 });
    expect(rec.messagesOf(A, 'data')).toHaveLength(1);

    const second = await device(A, SECRET_A, { will });
    await closed(first);
    await waitUntil(() => rec.events.connect.length === 2);
    expect(rec.events.connect[1]).toMatchObject({ sn: A, takeover: true });
    await sleep(100);
    // The replaced connection is neither an outage nor a will.
    expect(rec.messagesOf(A, 'state')).toEqual([]);
    expect(rec.events.disconnect).toEqual([]);
    expect(link.isConnected(A)).toBe(true);

    second.stream.destroy();
    await rec.nextMessage(A, 'state', 0);
    await waitUntil(() => rec.events.disconnect.length === 1);
  });
});

describe('embedded broker: reconnect flood', () => {
  it('refuses a device that connects more than 15 times a minute for 5 minutes', async () => {
    await startLink();
    for (let i = 0; i < 15; i++) {
      const r = await connectDevice(url, A, SECRET_A);
      expect(r.ok, `connection ${i + 1}`).toBe(true);
      if (r.ok) r.client.end(true);
      clock += 1_000;
    }
    const flood = await connectDevice(url, A, SECRET_A);
    expect(flood.ok || flood.code).toBe(3);
    expect(rec.events.refused.at(-1)).toMatchObject({ sn: A, reason: 'reconnecting too often' });

    clock += 4 * 60_000;
    expect((await connectDevice(url, A, SECRET_A)).ok).toBe(false);
    // Another device is not affected.
    const b = await connectDevice(url, B, SECRET_B);
    expect(b.ok).toBe(true);
    if (b.ok) b.client.end(true);

    clock += 61_000;
    const after = await connectDevice(url, A, SECRET_A);
    expect(after.ok).toBe(true);
    if (after.ok) after.client.end(true);
  });

  it('counts wrong secrets separately and blocks guessing from one address', async () => {
    await startLink();
    // Ten wrong secrets a minute are tolerated; the eleventh blocks that SN from that address.
    for (let i = 0; i < 11; i++) expect((await connectDevice(url, A, `guess-${i}`)).ok).toBe(false);
    const blocked = await connectDevice(url, A, SECRET_A);
    expect(blocked.ok || blocked.code).toBe(3);
    clock += 5 * 60_000 + 1;
    const after = await connectDevice(url, A, SECRET_A);
    expect(after.ok).toBe(true);
    if (after.ok) after.client.end(true);
  });
});

describe('embedded broker: config and commands', () => {
  it('delivers the retained config on subscribe and reports the ack', async () => {
    await startLink();
    await link.publishConfig(A, config);
    const a = await device(A, SECRET_A);
    const got = nextDeviceMessage(a, deviceTopic(A, 'config'));
    await a.subscribeAsync(deviceTopic(A, 'config'), { qos: 1 });
    const msg = await got;
    expect(msg.retain).toBe(true);
    expect(JSON.parse(msg.payload)).toEqual(config);

    await a.publishAsync(deviceTopic(A, 'config/ack'), JSON.stringify({ templateId: 7, version: 3 }), {
      qos: 1,
    });
    expect((await rec.nextMessage(A, 'config/ack')).payload).toEqual({ templateId: 7, version: 3 });

    // A cleared config is no longer delivered.
    await link.clearConfig(A);
    const b = await device(A, SECRET_A);
    const none = nextDeviceMessage(b, deviceTopic(A, 'config'), 300);
    await b.subscribeAsync(deviceTopic(A, 'config'), { qos: 1 });
    await expect(none).rejects.toThrow('no message');
  });

  it('delivers commands and reports the response', async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    await a.subscribeAsync(deviceTopic(A, 'cmd'), { qos: 1 });
    const got = nextDeviceMessage(a, deviceTopic(A, 'cmd'));
    await link.sendCommand(A, { id: 'c-1', op: 'settag', args: { tagId: 1, value: 42 } });
    const cmd = await got;
    expect(cmd.retain).toBe(false);
    expect(JSON.parse(cmd.payload)).toEqual({ id: 'c-1', op: 'settag', args: { tagId: 1, value: 42 } });
    await a.publishAsync(deviceTopic(A, 'cmd/resp'), JSON.stringify({ id: 'c-1', ok: true }), { qos: 1 });
    expect((await rec.nextMessage(A, 'cmd/resp')).payload).toEqual({ id: 'c-1', ok: true });
  });
});

describe('embedded broker: acknowledgement after commit', () => {
  it('sends the PUBACK only when the message handler has resolved', async () => {
    await startLink();
    let commit: () => void = () => undefined;
    const committed = new Promise<void>((r) => (commit = r));
    link.onMessage(() => committed);
    const a = await device(A, SECRET_A);
    let acked = false;
    a.publish(
      deviceTopic(A, 'data'),
      JSON.stringify({ ts: 1, v: { '1': 1 } }),
      { qos: 1 },
      () => (acked = true),
    );
    await waitUntil(() => rec.messages.length === 1);
    await sleep(200);
    expect(acked).toBe(false);
    commit();
    await waitUntil(() => acked, 2_000, 'PUBACK');
  });

  it('leaves a message whose handler failed unacknowledged, so the device redelivers it', async () => {
    await startLink();
    let failures = 1;
    link.onMessage((m) => {
      if (m.channel === 'data' && failures-- > 0) throw new Error('database unavailable');
    });
    const a = await device(A, SECRET_A, { reconnectPeriod: 100, clean: false });
    let acked = false;
    a.publish(
      deviceTopic(A, 'data'),
      JSON.stringify({ ts: 9, v: { '1': 9 } }),
      { qos: 1 },
      (err) => (acked = !err),
    );
    await waitUntil(() => rec.events.error.length === 1);
    expect(acked).toBe(false);
    // MQTT.js resends the unacknowledged message after reconnecting.
    await waitUntil(() => acked, 5_000, 'PUBACK after redelivery');
    expect(rec.messagesOf(A, 'data').map((m) => m.payload)).toEqual([
      { ts: 9, v: { '1': 9 } },
      { ts: 9, v: { '1': 9 } },
    ]);
  });

  it('acknowledges and drops a payload that does not match the protocol', async () => {
    await startLink();
    const a = await device(A, SECRET_A);
    await a.publishAsync(deviceTopic(A, 'data'), '{"ts":"yesterday"}', { qos: 1 });
    await a.publishAsync(deviceTopic(A, 'state'), 'online', { qos: 1, retain: true });
    expect(rec.messages).toEqual([]);
    expect(rec.events.invalid.map((e) => [e.sn, e.channel])).toEqual([
      [A, 'data'],
      [A, 'state'],
    ]);
    expect(a.connected).toBe(true);
  });
});

describe('embedded broker: transports and ports', () => {
  it('accepts MQTT over WebSocket through the handler', async () => {
    await startLink({ port: null });
    expect(link.ports.mqtt).toBeNull();
    const http: Server = createServer();
    const wss = new WebSocketServer({ server: http, path: '/mqtt' });
    wss.on('connection', (socket, req) => link.handleWebSocket(socket, req));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const port = (http.address() as AddressInfo).port;
      const wrong = await connectDevice(`ws://127.0.0.1:${port}/mqtt`, A, 'nope');
      expect(wrong.ok || wrong.code).toBe(4);
      const a = await connectedDevice(`ws://127.0.0.1:${port}/mqtt`, A, SECRET_A);
      clients.push(a);
      await a.publishAsync(deviceTopic(A, 'state'), online, { qos: 1, retain: true });
      expect((await rec.nextMessage(A, 'state')).payload).toMatchObject({ online: true });
      expect(rec.events.connect[0]).toMatchObject({ sn: A, transport: 'ws' });
      expect(await subscribeGranted(a, [`hmi/v1/${B}/cmd`, deviceTopic(A, 'cmd')])).toEqual([128, 1]);
    } finally {
      for (const c of clients.splice(0)) c.end(true);
      await link.stop();
      wss.close();
      await new Promise((r) => http.close(r));
    }
  });

  it('names MQTT_PORT when the port is taken', async () => {
    const blocker = createNetServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const taken = new EmbeddedDeviceLink({
        registry: new MemoryDeviceRegistry(),
        port,
        host: '127.0.0.1',
        autoRegister: false,
      });
      const error = await taken.start().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MqttPortInUseError);
      expect((error as Error).message).toContain(`MQTT_PORT=${port}`);
      await taken.stop();
    } finally {
      blocker.close();
    }
  });

  describe('TLS', () => {
    let tls: ReturnType<typeof selfSignedCert>;
    beforeAll(() => {
      tls = selfSignedCert();
    });
    afterAll(() => tls.remove());

    it('accepts devices over TLS with the same rules', async () => {
      await startLink({ tls: { port: 0, cert: tls.cert, key: tls.key } });
      const tlsUrl = `mqtts://127.0.0.1:${link.ports.mqtts}`;
      const wrong = await connectDevice(tlsUrl, A, 'nope', { ca: tls.cert });
      expect(wrong.ok || wrong.code).toBe(4);
      clients.push(await connectedDevice(tlsUrl, A, SECRET_A, { ca: tls.cert }));
      await waitUntil(() => rec.events.connect.length === 1);
      expect(rec.events.connect[0]).toMatchObject({ sn: A, transport: 'tls' });
    });
  });
});
