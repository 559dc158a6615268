import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic } from '@hmi/domain';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { connectDevice, uniqueSn } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * MQTT over WebSocket on the HTTP port: the same device authentication and ACL as on TCP.
 * Always the embedded broker (MQTT_PORT=0), even when the suite runs with MQTT_URL.
 */
describe('MQTT over WebSocket on /mqtt', () => {
  let server: TestServer;
  let wsUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ MQTT_PORT: '0', MQTT_URL: '' });
    wsUrl = `${server.url.replace(/^http/, 'ws')}/mqtt`;
  });
  afterAll(async () => server?.close());

  it('lets a registered device connect with its secret and reports its state', async () => {
    const sn = uniqueSn('WS');
    await server.app.services.deviceRegistry.add({ sn, secret: 'ws-secret-1', kind: 'hmi' });
    const result = await connectDevice(wsUrl, sn, 'ws-secret-1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await result.client.publishAsync(
      deviceTopic(sn, 'state'),
      JSON.stringify({ online: true, model: 'WS-7', kind: 'hmi', firmware: '1.0', ip: '10.0.0.9' }),
      { qos: 1, retain: true },
    );
    const online = async () =>
      (await server.app.db.selectFrom('devices').select('online').where('sn', '=', sn).executeTakeFirst())
        ?.online;
    const deadline = Date.now() + 5_000;
    while ((await online()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await online()).toBe(1);
    await result.client.endAsync();
  });

  it('refuses a wrong secret, as on TCP', async () => {
    const sn = uniqueSn('WS');
    await server.app.services.deviceRegistry.add({ sn, secret: 'right-secret', kind: 'hmi' });
    const result = await connectDevice(wsUrl, sn, 'wrong-secret');
    expect(result.ok).toBe(false);
  });
});
