import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import type { DeviceLink, DeviceLinkEvents, DeviceMessage } from './device-link.ts';

/*
 * Helpers for the device connection tests: a device is a plain MQTT.js client configured from
 * the protocol table alone (client id = username = SN, password = secret).
 */

export type ConnectResult =
  { ok: true; client: MqttClient } | { ok: false; code: number | undefined; error: Error };

/** Connects once (no automatic reconnect) and reports the CONNACK outcome. */
export function connectDevice(
  url: string,
  sn: string,
  secret: string,
  options: IClientOptions = {},
): Promise<ConnectResult> {
  return new Promise((resolve) => {
    const client = connect(url, {
      clientId: sn,
      username: sn,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      protocolVersion: 4,
      ...options,
    });
    const onClose = () => onError(Object.assign(new Error('closed before CONNACK'), { code: undefined }));
    const onConnect = () => {
      client.off('error', onError);
      client.off('close', onClose);
      resolve({ ok: true, client });
    };
    const onError = (error: Error & { code?: number | string }) => {
      client.off('connect', onConnect);
      client.off('error', onError);
      client.off('close', onClose);
      client.on('error', () => undefined);
      client.end(true);
      resolve({ ok: false, code: typeof error.code === 'number' ? error.code : undefined, error });
    };
    client.once('connect', onConnect);
    client.once('error', onError);
    // closed before any CONNACK (e.g. the server dropped the socket)
    client.once('close', onClose);
  });
}

/** Connects and fails the test when refused. */
export async function connectedDevice(
  url: string,
  sn: string,
  secret: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  const result = await connectDevice(url, sn, secret, options);
  if (!result.ok) throw new Error(`device ${sn} was refused: ${result.error.message}`);
  return result.client;
}

/** Resolves when `predicate` holds, polling; rejects after `timeoutMs`. */
export async function waitUntil(
  predicate: () => boolean,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records everything a DeviceLink reports. */
export class LinkRecorder {
  readonly messages: DeviceMessage[] = [];
  readonly events: { [E in keyof DeviceLinkEvents]: DeviceLinkEvents[E][] } = {
    connect: [],
    disconnect: [],
    refused: [],
    invalid: [],
    handled: [],
    error: [],
  };

  constructor(link: DeviceLink) {
    link.onMessage((m) => {
      this.messages.push(m);
    });
    for (const event of Object.keys(this.events) as (keyof DeviceLinkEvents)[]) {
      link.on(event, (payload) => (this.events[event] as unknown[]).push(payload));
    }
  }

  messagesOf(sn: string, channel?: DeviceMessage['channel']): DeviceMessage[] {
    return this.messages.filter((m) => m.sn === sn && (channel === undefined || m.channel === channel));
  }

  async nextMessage(
    sn: string,
    channel: DeviceMessage['channel'],
    after = 0,
    timeoutMs = 5_000,
  ): Promise<DeviceMessage> {
    await waitUntil(() => this.messagesOf(sn, channel).length > after, timeoutMs, `${channel} from ${sn}`);
    return this.messagesOf(sn, channel)[after]!;
  }
}

/** Subscribes to each filter in its own SUBSCRIBE and returns the granted QoS of each (128 = refused). */
export async function subscribeGranted(
  client: MqttClient,
  filters: string[],
  qos: 0 | 1 | 2 = 1,
): Promise<number[]> {
  const result: number[] = [];
  for (const filter of filters) {
    const suback = new Promise<number>((resolve) => {
      const onPacket = (packet: Packet) => {
        if (packet.cmd !== 'suback') return;
        client.off('packetreceive', onPacket);
        const granted = packet.granted[0];
        resolve(typeof granted === 'number' ? granted : -1);
      };
      client.on('packetreceive', onPacket);
    });
    client.subscribe(filter, { qos }, () => undefined);
    result.push(await suback);
  }
  return result;
}

/** Resolves with the next message a device client receives on `topic`. */
export function nextDeviceMessage(
  client: MqttClient,
  topic: string,
  timeoutMs = 5_000,
): Promise<{ payload: string; retain: boolean }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic}`));
    }, timeoutMs);
    const onMessage = (t: string, payload: Buffer, packet: { retain?: boolean }) => {
      if (t !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve({ payload: payload.toString('utf8'), retain: packet.retain === true });
    };
    client.on('message', onMessage);
  });
}

/** Resolves when the client's connection closes. */
export function closed(client: MqttClient, timeoutMs = 5_000): Promise<void> {
  if (!client.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connection was not closed')), timeoutMs);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A unique SN per test run, so runs against a shared broker never collide. */
export const uniqueSn = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The remaining-length varint of an MQTT fixed header. */
export function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0);
  return Buffer.from(bytes);
}

/** A hand-built MQTT 3.1.1 CONNECT (clean session), optionally with a will, so a test controls every byte. */
export function rawConnect(
  sn: string,
  secret: string,
  keepalive: number,
  will?: { topic: string; payload: string },
): Buffer {
  const str = (s: string) => {
    const b = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  // flags: username, password, clean session; with a will: will retain, will QoS 1, will
  const flags = 0x80 | 0x40 | 0x02 | (will ? 0x20 | 0x08 | 0x04 : 0);
  const body = Buffer.concat([
    str('MQTT'),
    Buffer.from([4, flags, keepalive >> 8, keepalive & 0xff]),
    str(sn),
    ...(will ? [str(will.topic), str(will.payload)] : []),
    str(sn),
    str(secret),
  ]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

/** A self-signed certificate for 127.0.0.1 (openssl), for the TLS listener; `remove` deletes its files. */
export function selfSignedCert(): { cert: Buffer; key: Buffer; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mqtt-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]),
    { stdio: 'ignore' },
  );
  return {
    cert: readFileSync(join(dir, 'cert.pem')),
    key: readFileSync(join(dir, 'key.pem')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
