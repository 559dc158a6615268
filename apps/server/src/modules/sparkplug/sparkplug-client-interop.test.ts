import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, type UPayload } from 'sparkplug-client';
import type { TestServer } from '../../../test/test-server.ts';
import { eventually, storedValues } from '../ingest/live-data-test-helpers.ts';
import { waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { bind, deviceRow, registerNode, sparkplugTestTeam, templateOf } from './sparkplug-test-helpers.ts';

/*
 * Interoperability with an edge node nobody here wrote: the `sparkplug-client` npm package (Eclipse
 * Tahu's JavaScript client, with its own `sparkplug-payload` encoder) against the host application.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await sparkplugTestTeam());
});
afterAll(() => server.close());

const rowOf = (sn: string) => deviceRow(server, sn);

describe('sparkplug-client (Tahu JS) as the edge node', () => {
  it('births, DataSet refused, data stored, a write arrives as its DCMD', async () => {
    const node = await registerNode(server);
    const client = newClient({
      serverUrl: server.app.deviceMqttUrl,
      username: node.sn,
      password: node.secret,
      groupId: node.groupId,
      edgeNode: node.edgeNodeId,
      clientId: node.sn,
      version: 'spBv1.0',
    });
    const dcmds: { deviceId: string; payload: UPayload }[] = [];
    client.on('dcmd', (deviceId: string, payload: UPayload) => dcmds.push({ deviceId, payload }));
    client.on('birth', () => {
      client.publishNodeBirth({
        timestamp: Date.now(),
        metrics: [{ name: 'Node Control/Rebirth', type: 'Boolean', value: false }],
      });
      client.publishDeviceBirth('Mixer', {
        timestamp: Date.now(),
        metrics: [
          { name: 'Level', type: 'Int32', value: -3 },
          { name: 'Target', type: 'Double', value: 1.25 },
          { name: 'Batch', type: 'String', value: 'B-1' },
          {
            name: 'Table',
            type: 'DataSet',
            value: { numOfColumns: 1, types: ['Int32'], columns: ['a'], rows: [[1]] },
          },
        ],
      });
    });
    try {
      const sn = `${node.sn}-Mixer`;
      await eventually(
        () => rowOf(sn),
        (d) => d?.online === 1,
        'Mixer born',
      );
      const device = await bind(server, token, sn, node.secret);
      const row = await eventually(
        () => rowOf(sn),
        (d) => d?.template_id != null && d.sync_state === 1,
        'template',
      );
      const template = await templateOf(server, token, row!.template_id!);
      // The DataSet metric is not a tag (unsupported type); the others are, with their types.
      expect(template.tags.map((t) => [t.name, t.data_type])).toEqual([
        ['Level', 5],
        ['Target', 8],
        ['Batch', 9],
      ]);
      const ids = new Map(template.tags.map((t) => [t.name, t.id]));

      const ts = Date.now();
      client.publishDeviceData('Mixer', {
        timestamp: ts,
        metrics: [
          { name: 'Level', type: 'Int32', value: -7 },
          { name: 'Batch', type: 'String', value: 'B-2' },
        ],
      });
      const values = await eventually(
        () => storedValues(server, device.id),
        (v) => v.some((x) => x.ts === ts && x.tag_id === ids.get('Batch')),
        'stored data',
      );
      expect(values.find((x) => x.ts === ts && x.tag_id === ids.get('Level'))?.num).toBe(-7);
      expect(values.find((x) => x.ts === ts && x.tag_id === ids.get('Batch'))?.txt).toBe('B-2');

      const write = await server.call('POST', '/device/settag', {
        token,
        body: { id: device.id, tag_id: ids.get('Target'), value: 3.5 },
      });
      expect(write.body).toMatchObject({ code: 0 });
      await waitUntil(() => dcmds.length > 0, 5_000, 'DCMD at the edge node');
      expect(dcmds[0]!.deviceId).toBe('Mixer');
      expect(dcmds[0]!.payload.metrics).toEqual([expect.objectContaining({ name: 'Target', value: 3.5 })]);
    } finally {
      client.stop();
    }
  });
});
