import { deviceTopic, type DeviceCommand, type DeviceConfig, type HistoryRawReply } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { connectedDevice, waitUntil } from '../../src/plugins/mqtt/mqtt-test-helpers.ts';
import { eventually } from '../../src/modules/ingest/live-data-test-helpers.ts';
import type { TestServer } from '../test-server.ts';

export interface LiveDevice {
  client: MqttClient;
  /** Publishes a `data` sample and waits until the history of the tag holds it. */
  data(values: Record<number, number>, ts?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A bound device of the suites brought online as a plain MQTT client speaking the protocol:
 * it acknowledges its config (online and synced), answers every command with ok, and sends data.
 */
export async function goLive(
  server: TestServer,
  device: { id: number; sn: string; secret: string },
  token: string,
): Promise<LiveDevice> {
  const { sn, secret, id } = device;
  const client = await connectedDevice(server.app.deviceMqttUrl, sn, secret, { keepalive: 30 });
  const configs: DeviceConfig[] = [];
  client.on('message', (topic, payload) => {
    if (topic === deviceTopic(sn, 'config') && payload.length > 0)
      configs.push(JSON.parse(payload.toString()) as DeviceConfig);
    if (topic === deviceTopic(sn, 'cmd')) {
      const cmd = JSON.parse(payload.toString()) as DeviceCommand;
      client
        .publishAsync(deviceTopic(sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 })
        .catch(() => undefined);
    }
  });
  await client.subscribeAsync([deviceTopic(sn, 'config'), deviceTopic(sn, 'cmd')], { qos: 1 });
  await client.publishAsync(deviceTopic(sn, 'state'), JSON.stringify({ online: true }), {
    qos: 1,
    retain: true,
  });
  await waitUntil(() => configs.length > 0, 8_000, 'config');
  const config = configs[configs.length - 1]!;
  await client.publishAsync(
    deviceTopic(sn, 'config/ack'),
    JSON.stringify({ templateId: config.templateId, version: config.version }),
    { qos: 1 },
  );
  const row = () =>
    server.app.db
      .selectFrom('devices')
      .select(['online', 'sync_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  await eventually(row, (d) => d.online === 1 && d.sync_state === 1, 'online and synced');
  return {
    client,
    async data(values, ts = Date.now()) {
      await client.publishAsync(deviceTopic(sn, 'data'), JSON.stringify({ ts, v: values }), { qos: 1 });
      const [tagId] = Object.keys(values);
      const query = `device_id=${id}&tag_ids=${tagId}&from=${ts}&to=${ts}`;
      await eventually(
        async () => (await server.call<HistoryRawReply>('GET', `/history/raw?${query}`, { token })).body,
        (body) => body.code === 0 && body.data.list.length > 0,
        'the sample in the history',
      );
    },
    close: () => client.endAsync(true).then(() => undefined),
  };
}
