import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import { deviceTopic, isSerialNumber, type DeviceConfig } from '@hmi/domain';
import { simulatedIdentity } from './identity.ts';
import { signalFor } from './signals.ts';
import { startSimulatedDevice, type SimulatedDeviceHandle } from './simulated-device.ts';

/*
 * The simulator against a bare aedes broker on a free port; the test plays the cloud through
 * in-process subscriptions. (The server's suite also runs it against the real device broker.)
 */

let broker: Aedes;
let server: Server;
let url: string;
let received: { topic: string; payload: string; retain: boolean }[];
const devices: SimulatedDeviceHandle[] = [];

beforeEach(async () => {
  broker = await Aedes.createBroker();
  received = [];
  await new Promise<void>((r) =>
    broker.subscribe(
      'hmi/v1/#',
      (packet, cb) => {
        received.push({ topic: packet.topic, payload: packet.payload.toString(), retain: packet.retain });
        cb();
      },
      r,
    ),
  );
  server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

const publish = (topic: string, payload: string, retain = false) =>
  new Promise<void>((resolve, reject) =>
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain, dup: false },
      (err) => (err ? reject(err) : resolve()),
    ),
  );

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const messages = (topic: string) =>
  received.filter((m) => m.topic === topic).map((m) => JSON.parse(m.payload) as unknown);

const config: DeviceConfig = {
  templateId: 11,
  version: 4,
  tags: [
    { id: 1, name: 'running', type: 0, rw: 2 },
    { id: 2, name: 'pieces', type: 2, rw: 0 },
    { id: 3, name: 'temperature', type: 7, rw: 0, decimals: 1 },
    { id: 4, name: 'recipe', type: 9, rw: 2 },
    { id: 5, name: 'setpoint', type: 8, rw: 1 },
  ],
  alarms: [],
};

async function start(sn = 'SIM-TEST-0001', rate = 20) {
  const device = await startSimulatedDevice({
    url,
    sn,
    secret: 'pin-12345',
    kind: 'gateway',
    rate,
    keepalive: 5,
  });
  devices.push(device);
  return device;
}

describe('identity', () => {
  it('is deterministic, valid and distinct', () => {
    const a = simulatedIdentity('seed', 1, 'hmi');
    expect(simulatedIdentity('seed', 1, 'hmi')).toEqual(a);
    expect(isSerialNumber(a.sn)).toBe(true);
    expect(a.secret).toMatch(/^\d{8}$/);
    expect(simulatedIdentity('seed', 2, 'hmi').sn).not.toBe(a.sn);
    expect(simulatedIdentity('other', 1, 'hmi').sn).not.toBe(a.sn);
    expect(simulatedIdentity('seed', 1, 'gateway').sn).toMatch(/^SIMG-/);
  });
});

describe('signals', () => {
  it('produce values of each data type that change like a machine', () => {
    const sn = 'SIM-SIGNALS-1';
    const seconds = Array.from({ length: 300 }, (_, i) => i);
    const bool = seconds.map(signalFor(sn, { id: 1, type: 0 }));
    expect(new Set(bool)).toEqual(new Set([true, false]));
    const real = seconds.map(signalFor(sn, { id: 2, type: 7 })) as number[];
    expect(new Set(real).size).toBeGreaterThan(50);
    expect(real.every((v) => Number.isFinite(v))).toBe(true);
    const text = seconds.map(signalFor(sn, { id: 3, type: 9 }));
    expect(text.every((v) => typeof v === 'string' && v.startsWith('RCP-'))).toBe(true);
    for (const type of [1, 2, 3, 4, 5, 6] as const) {
      for (const id of [10, 11]) {
        const ints = seconds.map(signalFor(sn, { id, type })) as number[];
        expect(ints.every((v) => Number.isSafeInteger(v))).toBe(true);
        expect(new Set(ints).size).toBeGreaterThan(5);
      }
    }
    const u16 = seconds.map(signalFor(sn, { id: 12, type: 1 })) as number[];
    expect(u16.every((v) => v >= 0 && v <= 65_535)).toBe(true);
  });

  it('keep percent tags (unit %) within 0..100 whatever the data type, over hours', () => {
    const seconds = Array.from({ length: 5000 }, (_, i) => i * 3.7);
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
      // Several devices and tags: before, half of the integer tags were piece counters (3,177 %).
      for (const sn of ['SIM-PCT-1', 'SIM-PCT-2', 'SIM-PCT-3']) {
        for (const id of [1, 2, 3, 4, 5]) {
          const values = seconds.map(signalFor(sn, { id, type, unit: '%' })) as number[];
          expect(
            values.every((v) => typeof v === 'number' && v >= 0 && v <= 100),
            `${sn} ${id} ${type}`,
          ).toBe(true);
          expect(new Set(values).size, `${sn} ${id} ${type}`).toBeGreaterThan(20);
          if (type !== 7 && type !== 8) expect(values.every((v) => Number.isInteger(v))).toBe(true);
        }
      }
    }
  });
});

describe('simulated device', () => {
  it('announces itself with a retained online state and a Last Will', async () => {
    const d = await start();
    const state = await waitFor(() => received.find((m) => m.topic === deviceTopic(d.sn, 'state')), 'state');
    expect(state.retain).toBe(true);
    expect(JSON.parse(state.payload)).toMatchObject({ online: true, kind: 'gateway' });

    d.crash();
    await waitFor(() => messages(deviceTopic(d.sn, 'state'))[1], 'will');
    expect(messages(deviceTopic(d.sn, 'state'))[1]).toEqual({ online: false });
  });

  it('applies a config, acknowledges it and reports its tags at the rate', async () => {
    const d = await start();
    await waitFor(() => received.find((m) => m.topic === deviceTopic(d.sn, 'state')), 'state');
    expect(messages(deviceTopic(d.sn, 'data'))).toEqual([]);
    await publish(deviceTopic(d.sn, 'config'), JSON.stringify(config), true);
    expect(await waitFor(() => messages(deviceTopic(d.sn, 'config/ack'))[0], 'ack')).toEqual({
      templateId: 11,
      version: 4,
    });

    await waitFor(() => (messages(deviceTopic(d.sn, 'data')).length >= 5 ? true : undefined), 'data');
    const samples = messages(deviceTopic(d.sn, 'data')) as { ts: number; v: Record<string, unknown> }[];
    for (const s of samples) {
      expect(Object.keys(s.v).sort()).toEqual(['1', '2', '3', '4', '5']);
      expect(typeof s.v['1']).toBe('boolean');
      expect(Number.isInteger(s.v['2'])).toBe(true);
      expect(typeof s.v['3']).toBe('number');
      expect(typeof s.v['4']).toBe('string');
    }
    expect(samples[1]!.ts).toBeGreaterThan(samples[0]!.ts);
  });

  it('answers commands: settag changes the value it reports, bad ones fail with a code', async () => {
    const d = await start();
    await publish(deviceTopic(d.sn, 'config'), JSON.stringify(config), true);
    await waitFor(() => messages(deviceTopic(d.sn, 'config/ack'))[0], 'ack');
    const resp = (id: string) =>
      waitFor(
        () => (messages(deviceTopic(d.sn, 'cmd/resp')) as { id: string }[]).find((r) => r.id === id),
        `response ${id}`,
      );

    await publish(
      deviceTopic(d.sn, 'cmd'),
      JSON.stringify({ id: 'c1', op: 'settag', args: { tagId: 4, value: 'RCP-X' } }),
    );
    expect(await resp('c1')).toEqual({ id: 'c1', ok: true, result: { tagId: 4, value: 'RCP-X' } });
    const after = received.length;
    await waitFor(
      () => (received.slice(after).some((m) => m.topic === deviceTopic(d.sn, 'data')) ? true : undefined),
      'data',
    );
    const latest = messages(deviceTopic(d.sn, 'data')).at(-1) as { v: Record<string, unknown> };
    expect(latest.v['4']).toBe('RCP-X');
    expect(d.values()['4']).toBe('RCP-X');

    const cases: [string, object, number][] = [
      ['c2', { op: 'settag', args: { tagId: 2, value: 1 } }, 4], // read-only
      ['c3', { op: 'settag', args: { tagId: 99, value: 1 } }, 3], // unknown tag
      ['c4', { op: 'reboot', args: {} }, 1], // unknown op
      ['c5', { op: 'switch_page', args: { page: -1 } }, 2], // bad args
      ['c6', { op: 'tunnel_open', args: { tunnelId: 't', port: 5900 } }, 2], // no url, token, target
    ];
    for (const [id, cmd] of cases) await publish(deviceTopic(d.sn, 'cmd'), JSON.stringify({ id, ...cmd }));
    for (const [id, , code] of cases) expect(await resp(id)).toMatchObject({ id, ok: false, code });

    await publish(
      deviceTopic(d.sn, 'cmd'),
      JSON.stringify({ id: 'c7', op: 'switch_page', args: { page: 3 } }),
    );
    expect(await resp('c7')).toMatchObject({ ok: true });
    expect(d.page).toBe(3);
  });

  it('publishes an offline state when stopped cleanly', async () => {
    const d = await start();
    await waitFor(() => messages(deviceTopic(d.sn, 'state'))[0], 'state');
    await d.stop();
    devices.splice(devices.indexOf(d), 1);
    const last = await waitFor(() => messages(deviceTopic(d.sn, 'state'))[1], 'offline');
    expect(last).toEqual({ online: false });
  });

  it('rejects when the broker refuses it', async () => {
    broker.authenticate = (_client, _u, _p, done) =>
      done(Object.assign(new Error('no'), { returnCode: 4 as const }), false);
    await expect(start('SIM-REFUSED-1')).rejects.toThrow(/connection refused/);
  });
});
