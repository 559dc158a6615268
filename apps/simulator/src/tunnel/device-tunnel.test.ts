import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer, type WebSocket } from 'ws';
import { CommandResultCode, deviceTopic, type DeviceConfig } from '@hmi/domain';
import { startSimulatedDevice, type SimulatedDeviceHandle } from '../simulated-device.ts';
import { TestRfbClient } from '../rfb/test-rfb-client.ts';

/*
 * tunnel_open end to end on the device side: a bare aedes broker plays the cloud's MQTT, a ws
 * server in the test plays the cloud's tunnel endpoint (/v1/ws/tunnel-device/{id}?token=).
 */

let broker: Aedes;
let mqttServer: Server;
let wss: WebSocketServer;
let mqttUrl: string;
let wsBase: string;
let received: { topic: string; payload: string }[];
/** Tunnel sockets the devices dialled, by tunnel id, with the token they presented. */
let dialled: Map<string, { ws: WebSocket; token: string | null; stream: Duplex }>;
const devices: SimulatedDeviceHandle[] = [];

beforeEach(async () => {
  broker = await Aedes.createBroker();
  received = [];
  dialled = new Map();
  await new Promise<void>((r) =>
    broker.subscribe(
      'hmi/v1/#',
      (packet, cb) => {
        received.push({ topic: packet.topic, payload: packet.payload.toString() });
        cb();
      },
      r,
    ),
  );
  mqttServer = createServer(broker.handle);
  await new Promise<void>((r) => mqttServer.listen(0, '127.0.0.1', r));
  mqttUrl = `mqtt://127.0.0.1:${(mqttServer.address() as AddressInfo).port}`;
  wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    // The cloud refuses a bad token before the upgrade; here "bad" is the literal "bad".
    verifyClient: (info: { req: IncomingMessage }) => !info.req.url?.includes('token=bad'),
  });
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const id = url.pathname.split('/').at(-1)!;
    dialled.set(id, { ws, token: url.searchParams.get('token'), stream: createWebSocketStream(ws) });
  });
  await new Promise<void>((r) => wss.once('listening', r));
  wsBase = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/ws/tunnel-device`;
});

afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => mqttServer.close(() => r()));
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

const messages = <T>(topic: string) =>
  received.filter((m) => m.topic === topic).map((m) => JSON.parse(m.payload) as T);

const config: DeviceConfig = {
  templateId: 7,
  version: 1,
  tags: [
    { id: 1, name: 'temperature', type: 7, rw: 0, decimals: 1 },
    { id: 2, name: 'speed', type: 1, rw: 2 },
    { id: 3, name: 'button', type: 0, rw: 2 },
  ],
  alarms: [],
};

let lines: string[] = [];
async function start(sn: string, vnc?: boolean) {
  lines = [];
  const d = await startSimulatedDevice({
    url: mqttUrl,
    sn,
    secret: 'pin-1',
    rate: 5,
    keepalive: 5,
    log: (l) => lines.push(l),
    ...(vnc === undefined ? {} : { vnc }),
  });
  devices.push(d);
  await publish(deviceTopic(sn, 'config'), JSON.stringify(config), true);
  await waitFor(() => messages(deviceTopic(sn, 'config/ack'))[0], 'config ack');
  return d;
}

let nextId = 0;
type Resp = { id: string; ok: boolean; code?: number; result?: unknown };
async function command(sn: string, op: string, args: object): Promise<Resp> {
  const id = `cmd-${++nextId}`;
  await publish(deviceTopic(sn, 'cmd'), JSON.stringify({ id, op, args }));
  return waitFor(
    () => messages<Resp>(deviceTopic(sn, 'cmd/resp')).find((r) => r.id === id),
    `response ${id}`,
  );
}
const open = (sn: string, tunnelId: string, target: unknown, token = `tok-${tunnelId}`) =>
  command(sn, 'tunnel_open', { tunnelId, url: `${wsBase}/${tunnelId}`, token, target });

describe('tunnel_open on the simulated device', () => {
  it('reports vnc in its state and joins a vnc tunnel to its RFB server; a click writes the button tag', async () => {
    const sn = 'SIMH-TUN-00001';
    const d = await start(sn);
    expect(messages<{ vnc?: boolean }>(deviceTopic(sn, 'state'))[0]).toMatchObject({
      online: true,
      vnc: true,
    });

    expect(await open(sn, 'tv1', 'vnc')).toMatchObject({ ok: true, result: { tunnelId: 'tv1' } });
    const tunnel = dialled.get('tv1')!;
    expect(tunnel.token).toBe('tok-tv1');
    const rfb = new TestRfbClient(tunnel.stream);
    const init = await rfb.handshake();
    expect(init).toMatchObject({ width: 480, height: 272, name: sn });
    rfb.send(TestRfbClient.updateRequest(false, 0, 0, init.width, init.height));
    expect((await rfb.readUpdate(4))[0]).toMatchObject({ w: 480, h: 272 });

    // Two clicks on the PUSH button (bottom right, DeviceScreen.button: 340,208 128x52): each
    // toggles the tag named "button" and publishes it; the machine then holds the value.
    const pressedValues: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const seen = received.length;
      const logged = lines.length;
      rfb.send(TestRfbClient.updateRequest(true, 0, 0, init.width, init.height));
      rfb.send(Buffer.concat([TestRfbClient.pointer(400, 230, 1), TestRfbClient.pointer(400, 230, 0)]));
      const line = await waitFor(() => lines.slice(logged).find((l) => l.includes('PUSH pressed')), 'press');
      expect(line).toMatch(/PUSH pressed: button = (ON|OFF)$/);
      const value = line.endsWith('ON');
      const sample = await waitFor(
        () =>
          received
            .slice(seen)
            .filter((m) => m.topic === deviceTopic(sn, 'data'))
            .map((m) => JSON.parse(m.payload) as { v: Record<string, unknown> })
            .find((s) => s.v['3'] === value),
        'the pressed value published',
      );
      expect(sample.v['3']).toBe(value);
      expect((await rfb.readUpdate(4)).length).toBeGreaterThan(0); // the screen shows the change
      pressedValues.push(value);
    }
    expect(pressedValues[1]).toBe(!pressedValues[0]);
    await new Promise((r) => setTimeout(r, 300));
    expect(d.values()['3']).toBe(pressedValues[1]);
    // A click outside the button writes nothing.
    const logged = lines.length;
    rfb.send(Buffer.concat([TestRfbClient.pointer(10, 100, 1), TestRfbClient.pointer(10, 100, 0)]));
    await new Promise((r) => setTimeout(r, 200));
    expect(lines.slice(logged).filter((l) => l.includes('PUSH'))).toEqual([]);
    expect(d.tunnels).toBe(1);
  });

  it('forwards port 502 (echo) with several tunnels at once, and tunnel_close ends one', async () => {
    const sn = 'SIMH-TUN-00002';
    const d = await start(sn);
    const [a, b, v] = await Promise.all([
      open(sn, 'e1', { port: 502 }),
      open(sn, 'e2', { port: 502 }),
      open(sn, 'v1', { port: 5900 }),
    ]);
    expect([a.ok, b.ok, v.ok]).toEqual([true, true, true]);
    expect(d.tunnels).toBe(3);

    const big = randomBytes(512 * 1024);
    const e1 = new TestRfbClient(dialled.get('e1')!.stream); // used as a plain byte reader
    const e2 = new TestRfbClient(dialled.get('e2')!.stream);
    e1.send(big);
    e2.send(Buffer.from('only for e2'));
    expect((await e2.read(11)).toString()).toBe('only for e2');
    expect((await e1.read(big.length, 10_000)).equals(big)).toBe(true);
    expect((await new TestRfbClient(dialled.get('v1')!.stream).read(12)).toString()).toBe('RFB 003.008\n');

    expect(await command(sn, 'tunnel_close', { tunnelId: 'e1' })).toMatchObject({
      ok: true,
      result: { closed: true },
    });
    expect(await e1.closedWithin(3_000)).toBe(true);
    await waitFor(() => (d.tunnels === 2 ? true : undefined), 'two tunnels left');
    e2.send(Buffer.from('still'));
    expect((await e2.read(5)).toString()).toBe('still');
    expect(await command(sn, 'tunnel_close', { tunnelId: 'nope' })).toMatchObject({
      ok: true,
      result: { closed: false },
    });

    // The cloud ending its side closes the device's side too.
    dialled.get('e2')!.ws.close(4000, 'client');
    await waitFor(() => (d.tunnels === 1 ? true : undefined), 'one tunnel left');
  });

  it('answers 1024 for vnc when its VNC server is off, 5 for an unknown port or a refused dial', async () => {
    const sn = 'SIMH-TUN-00003';
    await start(sn, false);
    expect(messages(deviceTopic(sn, 'state'))[0]).toMatchObject({ online: true, vnc: false });
    expect(await open(sn, 'x1', 'vnc')).toMatchObject({ ok: false, code: CommandResultCode.VncOff });
    expect(await open(sn, 'x2', { port: 5900 })).toMatchObject({ ok: false, code: 1024 });
    expect(dialled.size).toBe(0); // it never dialled
    expect(await open(sn, 'x3', { port: 23 })).toMatchObject({ ok: false, code: CommandResultCode.Failed });
    expect(await open(sn, 'x4', { port: 502 }, 'bad')).toMatchObject({
      ok: false,
      code: CommandResultCode.Failed,
    });
    expect(await open(sn, 'x5', { port: 502 })).toMatchObject({ ok: true });
    expect(await open(sn, 'x5', { port: 502 })).toMatchObject({ ok: false, code: CommandResultCode.BadArgs });
  });
});
