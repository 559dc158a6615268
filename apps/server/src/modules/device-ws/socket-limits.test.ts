import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { deviceTopic, LiveLimits, MAX_DEVICE_PAYLOAD_BYTES } from '@hmi/domain';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { closed, connectedDevice, uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * Every socket endpoint of the HTTP port has its own message limit, though they share one
 * WebSocket server: MQTT over WebSocket on /mqtt carries packets up to MQTT_MAX_PACKET_BYTES
 * (a 256 KiB payload fits), the browser sockets refuse frames over LiveLimits.maxMessageBytes
 * (16 KiB) with 1009. Always the embedded broker (MQTT_PORT=0), even when the suite runs with
 * MQTT_URL.
 */
let server: TestServer;
let token: string;
const MESSAGE_TOO_BIG = 1009;

beforeAll(async () => {
  server = await startTestServer({ MQTT_PORT: '0', MQTT_URL: '' });
  token = (await createActiveUser(server)).tokens.token;
});
afterAll(async () => server?.close());

const wsBase = () => server.url.replace(/^http/, 'ws');

/** A JSON text of exactly `bytes` bytes (JSON allows trailing blanks). */
const padded = (value: object, bytes: number) => {
  const json = JSON.stringify(value);
  return json + ' '.repeat(bytes - json.length);
};

describe('MQTT over WebSocket on /mqtt: the MQTT packet size', () => {
  it('acknowledges a data message at the payload limit; a packet over the limit closes the connection', async () => {
    const sn = uniqueSn('WSBIG');
    await server.app.services.deviceRegistry.add({ sn, secret: 'ws-secret-1', kind: 'hmi' });
    const device = await connectedDevice(`${wsBase()}/mqtt`, sn, 'ws-secret-1');
    try {
      const payload = padded({ ts: Date.now(), v: { '1': 1 } }, MAX_DEVICE_PAYLOAD_BYTES);
      await device.publishAsync(deviceTopic(sn, 'data'), payload, { qos: 1 });

      const over = padded({ ts: Date.now(), v: { '1': 1 } }, server.config.broker.maxPacketBytes);
      let acked = false;
      device.publish(deviceTopic(sn, 'data'), over, { qos: 1 }, (err) => (acked = !err));
      await closed(device);
      expect(acked).toBe(false);
    } finally {
      device.end(true);
    }
  });
});

describe('browser sockets: 16 KiB', () => {
  async function open(path: string) {
    const ws = new WebSocket(`${wsBase()}${path}?token=${encodeURIComponent(token)}`);
    const texts: string[] = [];
    ws.on('message', (data) => texts.push(data.toString()));
    const closing = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await once(ws, 'open');
    return { ws, texts, closing };
  }

  it.each([
    ['device data socket', '/v1/ws/device'],
    ['notify socket', '/v1/ws/notify'],
  ])('the %s answers a frame of 16 KiB and closes one byte more with 1009', async (_name, path) => {
    const s = await open(path);
    s.ws.send(padded({ type: 'ping' }, LiveLimits.maxMessageBytes));
    const deadline = Date.now() + 5_000;
    while (!s.texts.some((t) => t.includes('"pong"')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(s.texts.some((t) => t.includes('"pong"'))).toBe(true);
    s.ws.send(padded({ type: 'ping' }, LiveLimits.maxMessageBytes + 1));
    expect(await s.closing).toBe(MESSAGE_TOO_BIG);
  });
});
