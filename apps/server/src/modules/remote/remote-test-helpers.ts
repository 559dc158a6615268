import { createServer, connect, type Server, type Socket } from 'node:net';
import { pipeline } from 'node:stream';
import { deviceTopic, type DeviceCommand, type RemoteSession } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { createWebSocketStream, WebSocket } from 'ws';
import type { TestServer } from '../../../test/test-server.ts';
import { issueTestCard } from '../billing/billing-test-helpers.ts';
import { buildDevice } from '../device/device-test-factories.ts';
import { eventually } from '../ingest/live-data-test-helpers.ts';
import { connectedDevice } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * Remote access tests: a fake HMI (a plain MQTT client subscribed to its cmd topic that answers
 * tunnel_open by dialling the url with the ws package and piping it to a local TCP server), TCP
 * servers (echo, endless source), and browser-side sockets.
 */

/** A TCP server on 127.0.0.1: echo (default) or `onConnection`. */
export async function tcpServer(onConnection: (s: Socket) => void = (s) => s.pipe(s)): Promise<{
  port: number;
  server: Server;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    onConnection(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    server,
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      }),
  };
}

export interface FakeHmi {
  id: number;
  sn: string;
  /** Its PIN (another team binds it with it). */
  secret: string;
  client: MqttClient;
  commands: DeviceCommand[];
  /** The device side sockets it dialled. */
  dialled: WebSocket[];
  /** Close codes of its dialled sockets. */
  closeCodes: number[];
  /** What tunnel_open is answered: dial (default), or refuse with a code, or stay silent. */
  behaviour: { kind: 'dial' } | { kind: 'refuse'; code: number } | { kind: 'silent' };
  /** Where the tunnel goes: the VNC port (target vnc) and port targets map to this TCP port. */
  tcpPort: number;
  /** Override of the token it dials with (tests of another device's token). */
  tokenOverride?: string;
  end(): Promise<void>;
}

/** A bound, online device (state with firmware and vnc) acting on tunnel_open. */
export async function fakeHmi(
  server: TestServer,
  token: string,
  tcpPort: number,
  state: { firmware?: string; vnc?: boolean } = { firmware: '3.0.0' },
  /** Rewrites the URL it is told to dial (a load balancer sending it to another server of a cluster). */
  dialVia: (url: string) => string = (url) => url,
): Promise<FakeHmi> {
  const device = await buildDevice(server, token);
  const client = await connectedDevice(server.app.deviceMqttUrl, device.sn, device.secret, {
    keepalive: 30,
    will: {
      topic: deviceTopic(device.sn, 'state'),
      payload: Buffer.from('{"online":false}'),
      qos: 1,
      retain: true,
    },
  });
  const hmi: FakeHmi = {
    id: device.id,
    sn: device.sn,
    secret: device.secret,
    client,
    commands: [],
    dialled: [],
    closeCodes: [],
    behaviour: { kind: 'dial' },
    tcpPort,
    end: async () => {
      hmi.dialled.forEach((w) => w.terminate());
      await client.endAsync(true).catch(() => undefined);
    },
  };
  client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(device.sn, 'cmd')) return;
    const cmd = JSON.parse(payload.toString()) as DeviceCommand;
    hmi.commands.push(cmd);
    const answer = (resp: object) =>
      void client
        .publishAsync(deviceTopic(device.sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ...resp }), { qos: 1 })
        .catch(() => undefined);
    if (cmd.op !== 'tunnel_open') return answer({ ok: true });
    const b = hmi.behaviour;
    if (b.kind === 'silent') return;
    if (b.kind === 'refuse') return answer({ ok: false, code: b.code });
    answer({ ok: true });
    const ws = new WebSocket(
      `${dialVia(cmd.args.url)}?token=${encodeURIComponent(hmi.tokenOverride ?? cmd.args.token)}`,
    );
    hmi.dialled.push(ws);
    ws.on('error', () => undefined);
    ws.on('close', (code) => hmi.closeCodes.push(code));
    ws.on('open', () => {
      const tcp = connect(hmi.tcpPort, '127.0.0.1');
      tcp.on('error', () => undefined);
      const stream = createWebSocketStream(ws);
      stream.on('error', () => undefined);
      pipeline(stream, tcp, stream, () => {
        tcp.destroy();
        ws.close();
      });
    });
  });
  await client.subscribeAsync(deviceTopic(device.sn, 'cmd'), { qos: 1 });
  await client.publishAsync(deviceTopic(device.sn, 'state'), JSON.stringify({ online: true, ...state }), {
    qos: 1,
    retain: true,
  });
  await eventually(
    () =>
      server.app.db
        .selectFrom('devices')
        .select('online')
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow(),
    (d) => d.online === 1,
    'online',
  );
  return hmi;
}

/**
 * Gives the device Remote Access traffic: an RA card of `gigabytes` activated for the device's
 * team (in the database: the activation rate limits stay out), allocated, the month switched on.
 */
export async function withTraffic(server: TestServer, token: string, deviceId: number, gigabytes = 5) {
  const card = await issueTestCard(server, { type: 'ra', gigabytes });
  const device = await server.app.db
    .selectFrom('devices')
    .select('team_id')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await server.app.db
    .updateTable('cards')
    .set({ team_id: device.team_id, activated_at: now, expires_at: now + 86_400_000 * 365 })
    .where('number', '=', card.number)
    .returning('id')
    .executeTakeFirstOrThrow();
  const alloc = await server.call('POST', '/billing/ra/allocate', {
    token,
    body: { card_id: row.id, device_id: deviceId },
  });
  if (alloc.body.code !== 0) throw new Error(`allocate: ${JSON.stringify(alloc.body)}`);
  const on = await server.call('POST', '/diacom/monthtraffic', {
    token,
    body: { device_id: deviceId, on: true },
  });
  if (on.body.code !== 0) throw new Error(`traffic on: ${JSON.stringify(on.body)}`);
  return row.id;
}

/** The browser's socket of a session; resolves once open (rejects when closed first). */
export function clientSocket(
  server: TestServer,
  session: Pick<RemoteSession, 'ws_path'>,
): Promise<TunnelClient> {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + session.ws_path);
  return new Promise((resolve, reject) => {
    const c = new TunnelClient(ws);
    ws.once('open', () => resolve(c));
    ws.once('error', reject);
  });
}

/** A socket collecting what it receives and how it closed. */
export class TunnelClient {
  received = Buffer.alloc(0);
  closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.binaryType = 'nodebuffer';
    ws.on('error', () => undefined);
    ws.on('message', (d: Buffer) => {
      this.received = Buffer.concat([this.received, d]);
    });
    this.closed = new Promise((r) =>
      ws.once('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
  }

  async until(bytes: number, timeoutMs = 8000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < bytes) {
      if (Date.now() > deadline) throw new Error(`got ${this.received.length} of ${bytes} bytes`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.received;
  }
}

/** A socket at a tunnel path that is expected to be refused: its close code. */
export function closeCodeAt(server: TestServer, path: string): Promise<number> {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + path);
  ws.on('error', () => undefined);
  return new Promise((r) => ws.once('close', (code) => r(code)));
}
