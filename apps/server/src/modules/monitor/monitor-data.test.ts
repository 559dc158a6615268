import { deviceTopic, type DeviceCommand, type MonitorTag } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, readAll, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';

/*
 * A monitor point is one of the device's tags everywhere, not only in its config: its values
 * are ingested and read back through history (with its name in exports), and it can be written.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ SETTAG_TIMEOUT_MS: '2000', INGEST_BATCH_MS: '10' });
  team = await teamWithTemplate(server);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

describe('monitor points carry data like template tags', () => {
  it('stores, names and writes the values of a point added to a device', async () => {
    const d = await connectDevice(server, team.token, team.template.id);
    clients.push(d.client);
    d.client.on('message', (topic, payload) => {
      if (topic !== deviceTopic(d.sn, 'cmd')) return;
      const cmd = JSON.parse(payload.toString()) as DeviceCommand;
      d.client
        .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 })
        .catch(() => undefined);
    });
    const added = await server.call<MonitorTag>('POST', '/device/monitor/add', {
      token: team.token,
      body: { id: d.id, name: 'Pressure', data_type: 5, rw: 2, address: 'D200' },
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(0);
    const pointTag = added.body.data.tag_id;
    // The device acknowledges the config that now contains the point.
    await d.goOnlineAndSync();

    const t0 = Date.now() + 1_000;
    await d.data({ ts: t0, v: { [pointTag]: 1234 } });
    await d.data({ ts: t0 + 1_000, v: { [pointTag]: 'not a number' } });
    const rows = await readAll(server, team.token, d.id, [pointTag], t0 - 1, t0 + 10_000);
    expect(rows.map((r) => [r.ts, r.tag_id, r.value])).toEqual([[t0, pointTag, 1234]]);

    const csv = await fetch(
      `${server.url}/v1/history/export?device_id=${d.id}&tag_ids=${pointTag}&from=${t0 - 1}&to=${t0 + 10_000}&format=csv&tz=0`,
      { headers: { authorization: team.token } },
    );
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Pressure');

    const write = await server.call<{ tag_id: number; value: unknown }>('POST', '/device/settag', {
      token: team.token,
      body: { id: d.id, tag_id: pointTag, value: 77 },
    });
    expect(write.body.code, JSON.stringify(write.body)).toBe(0);
    expect(write.body.data).toMatchObject({ tag_id: pointTag, value: 77 });
  });
});
