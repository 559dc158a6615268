import { connect as netConnect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type MqttClient } from 'mqtt';
import { deviceTopic, type DeviceConfig } from '@hmi/domain';
import { ExternalDeviceLink, type ExternalDeviceLinkOptions } from './external-device-link.ts';
import {
  closed,
  connectedDevice,
  LinkRecorder,
  nextDeviceMessage,
  sleep,
  uniqueSn,
  waitUntil,
} from './mqtt-test-helpers.ts';

/*
 * The external-broker adapter against a real Mosquitto: MQTT_URL in CI, else 127.0.0.1:1883
 * when something listens there; skipped otherwise. Mosquitto here is anonymous, so what is
 * tested is the cloud side (shared subscriptions, decoding, retained config, commands,
 * acknowledgement after commit); authentication and the per-device ACL are the broker's
 * configuration with an external broker and are covered by the embedded suite.
 */
const BROKER_URL = process.env.MQTT_URL || 'mqtt://127.0.0.1:1883';

async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = netConnect(Number(u.port || 1883), u.hostname);
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const available = await reachable(BROKER_URL);
if (!available && process.env.MQTT_URL) throw new Error(`MQTT_URL=${BROKER_URL} is set but unreachable`);

const links: ExternalDeviceLink[] = [];
const clients: MqttClient[] = [];
const retainedTopics = new Set<string>();

/** A link in its own share group and session, so parallel runs on one broker never meet. */
async function startLink(options: Partial<ExternalDeviceLinkOptions> = {}) {
  const link = new ExternalDeviceLink({
    url: BROKER_URL,
    clientId: uniqueSn('cloud'),
    shareGroup: uniqueSn('g'),
    clean: true,
    reconnectPeriodMs: 100,
    ...options,
  });
  const rec = new LinkRecorder(link);
  await link.start();
  links.push(link);
  return { link, rec };
}

async function device(sn: string, options: Parameters<typeof connectedDevice>[3] = {}) {
  const client = await connectedDevice(BROKER_URL, sn, 'any-secret', options);
  clients.push(client);
  return client;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.end(true);
  // Leave no retained messages behind on the shared broker.
  if (retainedTopics.size > 0) {
    const cleaner = connect(BROKER_URL, { reconnectPeriod: 0 });
    await new Promise((r) => cleaner.once('connect', r));
    for (const t of retainedTopics) await cleaner.publishAsync(t, '', { qos: 1, retain: true });
    await cleaner.endAsync();
    retainedTopics.clear();
  }
  for (const l of links.splice(0)) await l.stop();
});

/**
 * Resumes the persistent session `clientId` and checks that the broker redelivers nothing of
 * `sn` (everything was acknowledged), then removes the session from the broker.
 */
async function expectNothingRedelivered(clientId: string, sn: string) {
  const again = new ExternalDeviceLink({ url: BROKER_URL, clientId, clean: false, shareGroup: 'unused' });
  const rec = new LinkRecorder(again);
  await again.start();
  await sleep(500);
  expect(rec.messagesOf(sn)).toEqual([]);
  await again.stop();
  const wipe = connect(BROKER_URL, { clientId, clean: true, reconnectPeriod: 0 });
  await new Promise((r) => wipe.once('connect', r));
  await wipe.endAsync();
}

const config: DeviceConfig = {
  templateId: 3,
  version: 1,
  tags: [{ id: 1, name: 'temp', type: 7, rw: 0 }],
  alarms: [],
};

describe.skipIf(!available)('external broker adapter (Mosquitto)', () => {
  it('receives every uplink channel of a device, decoded', async () => {
    const { rec } = await startLink();
    const sn = uniqueSn('EXT');
    const d = await device(sn);
    retainedTopics.add(deviceTopic(sn, 'state'));
    await d.publishAsync(deviceTopic(sn, 'state'), JSON.stringify({ online: true, kind: 'gateway' }), {
      qos: 1,
      retain: true,
    });
    await d.publishAsync(deviceTopic(sn, 'data'), JSON.stringify([{ ts: 1, v: { '1': 1 }, hist: true }]), {
      qos: 1,
    });
    await d.publishAsync(deviceTopic(sn, 'config/ack'), JSON.stringify({ templateId: 3, version: 1 }), {
      qos: 1,
    });
    await d.publishAsync(deviceTopic(sn, 'cmd/resp'), JSON.stringify({ id: 'x', ok: false, code: 1 }), {
      qos: 1,
    });
    await waitUntil(() => rec.messagesOf(sn).length === 4);
    expect(rec.messagesOf(sn).map((m) => [m.channel, m.payload])).toEqual([
      ['state', { online: true, kind: 'gateway' }],
      ['data', [{ ts: 1, v: { '1': 1 }, hist: true }]],
      ['config/ack', { templateId: 3, version: 1 }],
      ['cmd/resp', { id: 'x', ok: false, code: 1 }],
    ]);
  });

  it('reports the Last Will the broker publishes when a device vanishes', async () => {
    const { rec } = await startLink();
    const sn = uniqueSn('EXT');
    retainedTopics.add(deviceTopic(sn, 'state'));
    const d = await device(sn, {
      will: {
        topic: deviceTopic(sn, 'state'),
        payload: Buffer.from('{"online":false}'),
        qos: 1,
        retain: true,
      },
    });
    await d.publishAsync(deviceTopic(sn, 'state'), JSON.stringify({ online: true }), {
      qos: 1,
      retain: true,
    });
    await rec.nextMessage(sn, 'state', 0);
    d.stream.destroy();
    expect((await rec.nextMessage(sn, 'state', 1)).payload).toEqual({ online: false });
  });

  it('drops payloads and topics outside the protocol', async () => {
    const { rec } = await startLink();
    const sn = uniqueSn('EXT');
    const d = await device(sn);
    await d.publishAsync(deviceTopic(sn, 'data'), '{"ts":"now"}', { qos: 1 });
    await d.publishAsync('hmi/v1/bad sn!/data', JSON.stringify({ ts: 1, v: {} }), { qos: 1 });
    await d.publishAsync(deviceTopic(sn, 'cmd/resp'), JSON.stringify({ id: 'ok', ok: true }), { qos: 1 });
    await rec.nextMessage(sn, 'cmd/resp');
    // The broker is shared with other runs: look only at this device's traffic.
    expect(rec.messagesOf(sn).map((m) => m.channel)).toEqual(['cmd/resp']);
    expect(rec.events.invalid.filter((e) => e.sn === sn)).toEqual([
      { sn, channel: 'data', error: expect.stringMatching(/^invalid data payload/) },
    ]);
  });

  it('publishes the config retained and commands to the device', async () => {
    const { link } = await startLink();
    const sn = uniqueSn('EXT');
    retainedTopics.add(deviceTopic(sn, 'config'));
    await link.publishConfig(sn, config);
    const d = await device(sn);
    const got = nextDeviceMessage(d, deviceTopic(sn, 'config'));
    await d.subscribeAsync([deviceTopic(sn, 'config'), deviceTopic(sn, 'cmd')], { qos: 1 });
    const cfg = await got;
    expect(cfg.retain).toBe(true);
    expect(JSON.parse(cfg.payload)).toEqual(config);

    const cmd = nextDeviceMessage(d, deviceTopic(sn, 'cmd'));
    await link.sendCommand(sn, { id: 'c9', op: 'switch_page', args: { page: 2 } });
    expect(JSON.parse((await cmd).payload)).toEqual({ id: 'c9', op: 'switch_page', args: { page: 2 } });

    await link.clearConfig(sn);
    const later = await device(sn);
    const none = nextDeviceMessage(later, deviceTopic(sn, 'config'), 300);
    await later.subscribeAsync(deviceTopic(sn, 'config'), { qos: 1 });
    await expect(none).rejects.toThrow('no message');
  });

  it('splits the messages of many devices between the servers of one share group', async () => {
    const shareGroup = uniqueSn('g');
    const one = await startLink({ shareGroup });
    const two = await startLink({ shareGroup });
    const sns = Array.from({ length: 20 }, (_, i) => uniqueSn(`EXT${i}`));
    const d = await device(uniqueSn('EXT-PUB'));
    // Any client may publish anything on an anonymous Mosquitto; enough for routing.
    for (const sn of sns)
      await d.publishAsync(deviceTopic(sn, 'data'), JSON.stringify({ ts: 1, v: {} }), { qos: 1 });
    // The broker is shared with other runs: count only the messages of these devices.
    const mine = (rec: LinkRecorder) => rec.messages.filter((m) => sns.includes(m.sn));
    await waitUntil(() => mine(one.rec).length + mine(two.rec).length === sns.length);
    await sleep(200);
    const seen = [...mine(one.rec), ...mine(two.rec)].map((m) => m.sn).sort();
    expect(seen).toEqual([...sns].sort());
    expect(mine(one.rec).length).toBeGreaterThan(0);
    expect(mine(two.rec).length).toBeGreaterThan(0);
  });

  it('does not hold up other messages while one waits for its commit', async () => {
    const { link, rec } = await startLink();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const slow = uniqueSn('SLOW');
    const fast = uniqueSn('FAST');
    link.onMessage((m) => (m.sn === slow ? held : undefined));
    const d = await device(uniqueSn('EXT'));
    await d.publishAsync(deviceTopic(slow, 'data'), JSON.stringify({ ts: 1, v: {} }), { qos: 1 });
    await d.publishAsync(deviceTopic(fast, 'data'), JSON.stringify({ ts: 2, v: {} }), { qos: 1 });
    await rec.nextMessage(fast, 'data');
    release();
  });

  it('acknowledges only after the handler resolved: a failed handler gets the message redelivered', async () => {
    const clientId = uniqueSn('cloud');
    const { link, rec } = await startLink({ clientId, clean: false });
    let failures = 1;
    link.onMessage((m) => {
      if (m.channel === 'data' && failures-- > 0) return Promise.reject(new Error('database unavailable'));
    });
    const sn = uniqueSn('EXT');
    const d = await device(sn);
    await d.publishAsync(deviceTopic(sn, 'data'), JSON.stringify({ ts: 7, v: { '1': 7 } }), { qos: 1 });
    await waitUntil(() => rec.messagesOf(sn, 'data').length === 2, 10_000, 'redelivery');
    expect(rec.events.error[0]?.message).toContain('database unavailable');
    expect(rec.messagesOf(sn, 'data').map((m) => m.payload)).toEqual([
      { ts: 7, v: { '1': 7 } },
      { ts: 7, v: { '1': 7 } },
    ]);
    // Acknowledged the second time: not delivered a third time after another reconnect.
    await sleep(300);
    await link.stop();
    links.splice(links.indexOf(link), 1);
    await expectNothingRedelivered(clientId, sn);
  });

  it('acknowledges a burst released together, including handlers that settle while it stops: nothing redelivered', async () => {
    const clientId = uniqueSn('cloud');
    const { link, rec } = await startLink({ clientId, clean: false });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    link.onMessage((m) => (m.channel === 'data' ? held : undefined));
    const sn = uniqueSn('EXT');
    const d = await device(sn);
    const count = 15; // under Mosquitto's default window of 20 unacknowledged messages
    for (let i = 0; i < count; i++)
      await d.publishAsync(deviceTopic(sn, 'data'), JSON.stringify({ ts: i, v: { '1': i } }), { qos: 1 });
    await waitUntil(() => rec.messagesOf(sn, 'data').length === count, 10_000, 'the burst');
    // stop() waits for the handlers in progress; they settle while it waits.
    const stopping = link.stop();
    setTimeout(release, 100);
    await stopping;
    links.splice(links.indexOf(link), 1);
    await expectNothingRedelivered(clientId, sn);
  });

  it('fails start() with a clear error when the broker is unreachable', async () => {
    const link = new ExternalDeviceLink({ url: 'mqtt://127.0.0.1:1', clientId: uniqueSn('cloud') });
    await expect(link.start()).rejects.toThrow(/MQTT_URL: cannot connect/);
  });
});

void closed;
