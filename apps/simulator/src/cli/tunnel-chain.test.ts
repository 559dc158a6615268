import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  connect,
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { deviceTopic, type DeviceConfig } from '@hmi/domain';
import { TestRfbClient } from '../rfb/test-rfb-client.ts';
import { startSimulatedDevice, type SimulatedDeviceHandle } from '../simulated-device.ts';
import { forwardPort, type PortForward } from './port-forward.ts';

/*
 * The whole chain with a stand-in for the cloud: CLI -> fake console (remote/open sends
 * tunnel_open over MQTT, then joins the CLI's WebSocket to the one the device dialled) ->
 * simulated device -> its echo port or its VNC server. The real server replaces the fake one
 * in the e2e suite.
 */

const SN = 'SIMH-CHAIN-00001';
let broker: Aedes;
let mqtt: TcpServer;
let http: Server;
let device: SimulatedDeviceHandle;
let forward: PortForward | undefined;
let base: string;
const lines: string[] = [];
const resps = new Map<string, { ok: boolean; code?: number }>();

beforeEach(async () => {
  resps.clear();
  lines.length = 0;
  broker = await Aedes.createBroker();
  broker.subscribe(
    `hmi/v1/${SN}/cmd/resp`,
    (packet, cb) => {
      const r = JSON.parse(packet.payload.toString()) as { id: string; ok: boolean; code?: number };
      resps.set(r.id, r);
      cb();
    },
    () => undefined,
  );
  mqtt = createTcpServer(broker.handle);
  await new Promise<void>((r) => mqtt.listen(0, '127.0.0.1', r));

  // Device sockets waiting for their browser/CLI side, by tunnel id.
  const waiting = new Map<string, Duplex>();
  const tokens = new Map<string, string>(); // token -> tunnel id
  let n = 0;
  http = createServer((req, res) => {
    const send = (code: number, data: unknown) =>
      res.end(JSON.stringify({ code, data, msg: code ? 'no' : 'success' }));
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      if (req.url?.startsWith('/v1/global/login'))
        return send(0, { token: 'tk', refresh_token: 'r', host: '', region: 'x' });
      if (req.url?.startsWith('/v1/device/list')) return send(0, { list: [{ id: 7, sn: SN }], total: 1 });
      const body = JSON.parse(raw) as { device_id: number; target: unknown };
      const tunnelId = `tun${++n}`;
      const deviceToken = randomBytes(6).toString('hex');
      const clientToken = randomBytes(6).toString('hex');
      tokens.set(deviceToken, tunnelId);
      tokens.set(clientToken, tunnelId);
      const id = `open-${n}`;
      const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/ws/tunnel-device/${tunnelId}`;
      const cmd = { id, op: 'tunnel_open', args: { tunnelId, url, token: deviceToken, target: body.target } };
      broker.publish(
        {
          cmd: 'publish',
          topic: deviceTopic(SN, 'cmd'),
          payload: Buffer.from(JSON.stringify(cmd)),
          qos: 1,
          retain: false,
          dup: false,
        },
        () => undefined,
      );
      for (let i = 0; i < 500 && !resps.has(id); i++) await new Promise((r) => setTimeout(r, 10));
      const resp = resps.get(id);
      if (!resp?.ok) return send(resp?.code === 1024 ? 1024 : 1038, null);
      send(0, {
        session_id: n,
        tunnel_id: tunnelId,
        ws_path: `/v1/ws/tunnel/${tunnelId}?token=${clientToken}`,
        mode: 'operate',
        operator_name: null,
        started_at: Date.now(),
        max_duration_ms: 60_000,
      });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const tunnelId = tokens.get(url.searchParams.get('token') ?? '');
    if (!tunnelId || !url.pathname.endsWith(`/${tunnelId}`))
      return socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
    tokens.delete(url.searchParams.get('token')!);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      if (url.pathname.startsWith('/v1/ws/tunnel-device/')) return void waiting.set(tunnelId, stream);
      const other = waiting.get(tunnelId)!;
      stream.pipe(other).pipe(stream);
    });
  });
  http.on('close', () => wss.close());
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  device = await startSimulatedDevice({
    url: `mqtt://127.0.0.1:${(mqtt.address() as AddressInfo).port}`,
    sn: SN,
    secret: 'p',
    rate: 2,
    log: (l) => lines.push(l),
  });
  const config: DeviceConfig = {
    templateId: 1,
    version: 1,
    tags: [{ id: 1, name: 'level', type: 1, rw: 2 }],
    alarms: [],
  };
  broker.publish(
    {
      cmd: 'publish',
      topic: deviceTopic(SN, 'config'),
      payload: Buffer.from(JSON.stringify(config)),
      qos: 1,
      retain: true,
      dup: false,
    },
    () => undefined,
  );
  await device.nextConfig();
});

afterEach(async () => {
  await forward?.close();
  await device.stop();
  http.closeAllConnections();
  await new Promise<void>((r) => http.close(() => r()));
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => mqtt.close(() => r()));
});

const local = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });

describe('CLI -> console -> simulated device', () => {
  it('forwards the device echo port 502', async () => {
    forward = await forwardPort({
      url: base,
      user: 'u',
      password: 'p',
      sn: SN,
      target: { port: 502 },
      localPort: 0,
    });
    const client = new TestRfbClient(await local(forward.port));
    const bytes = randomBytes(200_000);
    client.send(bytes);
    expect((await client.read(bytes.length, 10_000)).equals(bytes)).toBe(true);
    expect(device.tunnels).toBe(1);
  });

  it('forwards the VNC screen: a click on PUSH counts the first writable tag up', async () => {
    forward = await forwardPort({ url: base, user: 'u', password: 'p', sn: SN, target: 'vnc', localPort: 0 });
    const rfb = new TestRfbClient(await local(forward.port));
    expect(await rfb.handshake()).toMatchObject({ width: 480, height: 272, name: SN });
    rfb.send(Buffer.concat([TestRfbClient.pointer(400, 230, 1), TestRfbClient.pointer(400, 230, 0)]));
    for (let i = 0; i < 200 && !lines.some((l) => l.includes('PUSH pressed')); i++)
      await new Promise((r) => setTimeout(r, 10));
    const written = Number(/PUSH pressed: level = (\d+)/.exec(lines.join('\n'))?.[1]);
    expect(Number.isInteger(written)).toBe(true);
    // The level ramps by itself, but after a write the machine holds the written value.
    await new Promise((r) => setTimeout(r, 1_100));
    expect(device.values()['1']).toBe(written);
  });
});
