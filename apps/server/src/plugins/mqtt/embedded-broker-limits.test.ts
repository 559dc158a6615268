import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect as netConnect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocket, WebSocketServer } from 'ws';
import type { MqttClient } from 'mqtt';
import { deviceTopic, MAX_DEVICE_PAYLOAD_BYTES } from '@hmi/domain';
import { EmbeddedDeviceLink } from './embedded-device-link.ts';
import { MemoryDeviceRegistry } from './memory-device-registry.ts';
import {
  closed,
  connectedDevice,
  LinkRecorder,
  rawConnect,
  remainingLength,
  selfSignedCert,
  sleep,
  waitUntil,
} from './mqtt-test-helpers.ts';

/*
 * What a connection may cost the embedded broker: packet sizes checked at the fixed header,
 * before and after authentication, and the time a connection may stay unauthenticated, on each
 * listener (TCP, TLS, WebSocket). The broker runs in this process, so its RSS is measured here.
 */

const A = 'DEV-LIMIT-0001';
const SECRET_A = 'pin-A-123456';
const MiB = 1024 * 1024;
const offline = JSON.stringify({ online: false });

type Kind = 'tcp' | 'tls' | 'ws';
let link: EmbeddedDeviceLink;
let registry: MemoryDeviceRegistry;
let rec: LinkRecorder;
let http: Server;
let wss: WebSocketServer;
let tls: ReturnType<typeof selfSignedCert>;
const clients: MqttClient[] = [];
const streams: Duplex[] = [];

beforeAll(async () => {
  tls = selfSignedCert();
  registry = new MemoryDeviceRegistry();
  await registry.register(A, SECRET_A);
  link = new EmbeddedDeviceLink({
    registry,
    port: 0,
    host: '127.0.0.1',
    tls: { port: 0, cert: tls.cert, key: tls.key },
    autoRegister: false,
    // Many connections of one SN in this file; the reconnect rule has its own tests.
    reconnectLimit: { limit: 1000, windowMs: 60_000, blockMs: 1 },
    limits: { connectTimeoutMs: 1_000 },
  });
  rec = new LinkRecorder(link);
  await link.start();
  // As the /mqtt route does: the WebSocket server admits messages of the MQTT packet size.
  http = createServer();
  wss = new WebSocketServer({ server: http, path: '/mqtt', maxPayload: link.maxPacketBytes });
  wss.on('connection', (socket, req) => link.handleWebSocket(socket, req));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.end(true);
  for (const s of streams.splice(0)) s.destroy();
  await waitUntil(() => !link.isConnected(A), 5_000, 'device disconnected');
});

afterAll(async () => {
  await link?.stop();
  wss?.close();
  await new Promise((r) => http?.close(r));
  tls?.remove();
});

const urls = (): Record<Kind, string> => ({
  tcp: `mqtt://127.0.0.1:${link.ports.mqtt}`,
  tls: `mqtts://127.0.0.1:${link.ports.mqtts}`,
  ws: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/mqtt`,
});

/** A raw byte stream to the broker over `kind` (over WebSocket each write is one message). */
async function openRaw(kind: Kind): Promise<Duplex> {
  let stream: Duplex;
  if (kind === 'tcp') {
    stream = netConnect(link.ports.mqtt!, '127.0.0.1');
    await once(stream, 'connect');
  } else if (kind === 'tls') {
    stream = tlsConnect({ port: link.ports.mqtts!, host: '127.0.0.1', ca: tls.cert });
    await once(stream, 'secureConnect');
  } else {
    const ws = new WebSocket(urls().ws, 'mqtt');
    await once(ws, 'open');
    stream = createWebSocketStream(ws);
    // The stream only ends when the socket closes; a test that never reads wants to see the close.
    ws.once('close', () => stream.destroy());
  }
  stream.on('error', () => undefined);
  streams.push(stream);
  return stream;
}

interface Flood {
  written: number;
  /** ms from the first byte to the close, or null if still open. */
  closedAfterMs: number | null;
}

/**
 * Writes `header`, then up to `total` bytes in 64 KiB pieces (as fast as the connection takes
 * them), until the broker closes the connection; waits up to 2 s more for the close.
 */
async function flood(stream: Duplex, header: Buffer, total: number): Promise<Flood> {
  const started = Date.now();
  let closedAt: number | null = null;
  const gone = new Promise<void>((resolve) =>
    stream.once('close', () => {
      closedAt = Date.now();
      resolve();
    }),
  );
  const piece = Buffer.alloc(64 * 1024, 0x61);
  let written = 0;
  stream.write(header);
  while (written < total && closedAt === null && Date.now() - started < 20_000) {
    const more = stream.write(piece);
    written += piece.length;
    if (!more) await Promise.race([once(stream, 'drain').catch(() => undefined), gone]);
  }
  await Promise.race([gone, sleep(2_000)]);
  return { written, closedAfterMs: closedAt === null ? null : closedAt - started };
}

const rssMiB = () => Math.round((process.memoryUsage().rss / MiB) * 10) / 10;

/** A PUBLISH fixed header (QoS 1) announcing a packet of `total` bytes in all. */
function publishHeader(total: number): Buffer {
  let len = total - 2;
  while (1 + remainingLength(len).length + len > total) len--;
  return Buffer.concat([Buffer.from([0x32]), remainingLength(len)]);
}

/** A valid data payload of exactly `bytes` bytes (JSON allows trailing blanks). */
function dataPayload(bytes: number): Buffer {
  const json = JSON.stringify({ ts: 1, v: { '1': 1 } });
  return Buffer.from(json + ' '.repeat(bytes - json.length));
}

async function device(kind: Kind, options: Parameters<typeof connectedDevice>[3] = {}) {
  const client = await connectedDevice(urls()[kind], A, SECRET_A, {
    ...(kind === 'tls' ? { ca: tls.cert } : {}),
    ...options,
  });
  clients.push(client);
  return client;
}

describe('embedded broker: packet size, checked at the fixed header', () => {
  it.each<[Kind, number]>([
    ['tcp', 4],
    ['tls', 1],
    ['ws', 1],
  ])(
    'closes a CONNECT announcing 256 MiB at its header over %s (%i connections), memory stays bounded',
    async (kind, connections) => {
      const perConnection = 256 / connections;
      const before = rssMiB();
      const header = Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]); // remaining length 268435455
      const results = await Promise.all(
        Array.from({ length: connections }, async () =>
          flood(await openRaw(kind), header, perConnection * MiB),
        ),
      );
      const after = rssMiB();
      console.log(
        `[${kind}] ${connections} x CONNECT announcing 256 MiB, pushing up to ${perConnection} MiB each: ` +
          `RSS ${before} -> ${after} MiB (+${Math.round((after - before) * 10) / 10}); ` +
          results
            .map((r) => `closed after ${r.closedAfterMs} ms, ${r.written / 1024} KiB written`)
            .join('; '),
      );
      for (const r of results) {
        expect(r.closedAfterMs).not.toBeNull();
        expect(r.closedAfterMs!).toBeLessThan(2_000);
        expect(r.written).toBeLessThan(perConnection * MiB);
      }
      expect(after - before).toBeLessThan(64);
      expect(rec.events.refused.at(-1)).toMatchObject({
        sn: undefined,
        action: 'connect',
        reason: 'CONNECT larger than 4096 bytes',
      });
    },
  );

  it.each<Kind>(['tcp', 'tls', 'ws'])(
    "closes an authenticated device's PUBLISH announcing more than the limit at its header, over %s",
    async (kind) => {
      const stream = await openRaw(kind);
      const will = { topic: deviceTopic(A, 'state'), payload: offline };
      stream.write(rawConnect(A, SECRET_A, 0, will));
      // Over WebSocket the CONNACK may come in several messages.
      let connack = Buffer.alloc(0);
      stream.on('data', (b: Buffer) => (connack = Buffer.concat([connack, b])));
      await waitUntil(() => connack.length >= 4);
      expect([...connack]).toEqual([0x20, 2, 0, 0]);
      const wills = rec.messagesOf(A, 'state').length;
      const gone = once(stream, 'close');
      // Only the fixed header: a broker that waits for the body never closes.
      stream.write(publishHeader(link.maxPacketBytes + 1));
      await Promise.race([gone, sleep(2_000)]);
      expect(stream.destroyed).toBe(true);
      expect(rec.events.refused.at(-1)).toMatchObject({
        sn: A,
        action: 'packet',
        reason: `packet larger than ${link.maxPacketBytes} bytes`,
      });
      // Closed by the server, not a clean DISCONNECT: the will is published.
      await waitUntil(() => rec.messagesOf(A, 'state').length === wills + 1);
      expect(rec.events.disconnect.at(-1)).toEqual({ sn: A, reason: 'refused' });
    },
  );

  it.each<Kind>(['tcp', 'tls', 'ws'])(
    'acknowledges a data message at the payload limit over %s; a packet over the limit closes the connection unacknowledged',
    async (kind) => {
      const a = await device(kind);
      const before = rec.messagesOf(A, 'data').length;
      await a.publishAsync(deviceTopic(A, 'data'), dataPayload(MAX_DEVICE_PAYLOAD_BYTES), { qos: 1 });
      expect(rec.messagesOf(A, 'data')).toHaveLength(before + 1);

      let acked = false;
      a.publish(deviceTopic(A, 'data'), dataPayload(link.maxPacketBytes), { qos: 1 }, (err) => {
        acked = !err;
      });
      await closed(a);
      expect(acked).toBe(false);
      expect(rec.messagesOf(A, 'data')).toHaveLength(before + 1);
    },
  );

  it('acknowledges and drops a payload over 256 KiB in a packet under the limit (invalid, as documented)', async () => {
    const a = await device('tcp');
    const invalid = rec.events.invalid.length;
    await a.publishAsync(deviceTopic(A, 'data'), dataPayload(MAX_DEVICE_PAYLOAD_BYTES + 1), { qos: 1 });
    expect(rec.events.invalid.slice(invalid)).toEqual([
      { sn: A, channel: 'data', error: `payload larger than ${MAX_DEVICE_PAYLOAD_BYTES} bytes` },
    ]);
    expect(a.connected).toBe(true);
  });
});

describe('embedded broker: unauthenticated connections', () => {
  it.each<Kind>(['tcp', 'tls', 'ws'])(
    'closes a connection that sends nothing in time, over %s',
    async (kind) => {
      const stream = await openRaw(kind);
      const started = Date.now();
      await Promise.race([once(stream, 'close'), sleep(3_000)]);
      expect(stream.destroyed).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(rec.events.refused.at(-1)).toMatchObject({
        action: 'connect',
        reason: 'not authenticated within 1000 ms',
      });
    },
  );

  it('closes a connection whose authentication does not finish in time', async () => {
    const slow = new EmbeddedDeviceLink({
      registry: { authenticate: () => new Promise(() => undefined), isBound: () => Promise.resolve(false) },
      port: 0,
      host: '127.0.0.1',
      autoRegister: false,
      limits: { connectTimeoutMs: 300 },
    });
    const slowRec = new LinkRecorder(slow);
    await slow.start();
    try {
      const socket = netConnect(slow.ports.mqtt!, '127.0.0.1');
      socket.on('error', () => undefined);
      streams.push(socket);
      await once(socket, 'connect');
      socket.write(rawConnect(A, SECRET_A, 0));
      await Promise.race([once(socket, 'close'), sleep(2_000)]);
      expect(socket.destroyed).toBe(true);
      expect(slowRec.events.refused).toEqual([
        expect.objectContaining({ sn: A, action: 'connect', reason: 'not authenticated within 300 ms' }),
      ]);
    } finally {
      await slow.stop();
    }
  });

  it('closes a first packet that is not a CONNECT at its header', async () => {
    const stream = await openRaw('tcp');
    const result = await flood(stream, publishHeader(64 * MiB), 16 * MiB);
    expect(result.closedAfterMs).not.toBeNull();
    expect(result.closedAfterMs!).toBeLessThan(2_000);
    expect(rec.events.refused.at(-1)).toMatchObject({ reason: 'the first packet is not a CONNECT' });
  });
});
