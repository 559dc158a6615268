import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataType } from '@hmi/domain/sparkplug';
import type { TestServer } from '../../../test/test-server.ts';
import { eventually, storedValues } from '../ingest/live-data-test-helpers.ts';
import { waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import {
  bind,
  deviceRow,
  RawEdgeNode,
  registerNode,
  sparkplugTestTeam,
  templateOf,
} from './sparkplug-test-helpers.ts';

/*
 * The Sparkplug B host application end to end on a running console (embedded broker, or the
 * external broker of MQTT_URL): births make devices and templates, data reaches history, writes
 * become DCMDs, gaps and unknown aliases ask for a rebirth, a stale death is ignored.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await sparkplugTestTeam());
});
afterAll(() => server.close());

const online = (sn: string) => deviceRow(server, sn);

const nodeBirth = (bdSeq: string) => ({
  timestamp: Date.now(),
  seq: 0,
  metrics: [
    { name: 'bdSeq', datatype: DataType.UInt64, value: bdSeq },
    { name: 'Node Control/Rebirth', alias: '1', datatype: DataType.Boolean, value: false },
    {
      name: 'Line/Temperature',
      alias: '2',
      datatype: DataType.Double,
      value: 20.5,
      properties: { engUnit: '°C' },
    },
  ],
});
const deviceBirth = (seq: number) => ({
  timestamp: Date.now(),
  seq,
  metrics: [
    { name: 'Speed', alias: '10', datatype: DataType.Int32, value: -5 },
    { name: 'SetPoint', alias: '11', datatype: DataType.Float, value: 1.5 },
    { name: 'Running', alias: '12', datatype: DataType.Boolean, value: true },
    { name: 'Total', alias: '13', datatype: DataType.UInt64, value: '18446744073709551615' },
    { name: 'Recipe', alias: '14', datatype: DataType.String, value: 'PET' },
  ],
});

describe('Sparkplug B host application', () => {
  it('births, binding, data, writes, rebirth requests and deaths', async () => {
    const node = await registerNode(server);
    const edge = await RawEdgeNode.connect(server, node);
    // The host's STATE birth is retained: a subscriber gets it at once.
    await waitUntil(() => edge.states.some((s) => JSON.parse(s).online === true), 5_000, 'STATE online');

    await edge.publish('NBIRTH', nodeBirth('0'));
    await edge.publish('DBIRTH', deviceBirth(1), 'Press1');
    const childSn = `${node.sn}-Press1`;
    await eventually(
      () => online(childSn),
      (d) => d?.online === 1,
      'device born online',
    );
    expect((await online(node.sn))?.online).toBe(1);

    // Bound with the node's PIN; the template follows the birth.
    const device = await bind(server, token, childSn, node.secret);
    const bound = await eventually(
      () => online(childSn),
      (d) => d?.template_id !== null && d?.sync_state === 1,
      'template and sync',
    );
    const template = await templateOf(server, token, bound!.template_id!);
    expect(template.tags.map((t) => [t.name, t.data_type, t.address, t.description])).toEqual([
      ['Speed', 5, 'Speed', 'Sparkplug B Int32, alias 10'],
      ['SetPoint', 7, 'SetPoint', 'Sparkplug B Float, alias 11'],
      ['Running', 0, 'Running', 'Sparkplug B Boolean, alias 12'],
      ['Total', 3, 'Total', 'Sparkplug B UInt64, alias 13'],
      ['Recipe', 9, 'Recipe', 'Sparkplug B String, alias 14'],
    ]);
    const tagId = new Map(template.tags.map((t) => [t.name, t.id]));
    // A user renames a tag: it keeps collecting its metric (the address names the metric).
    const renamed = await server.call('POST', '/template/edit', {
      token,
      body: {
        id: template.id,
        tags: template.tags.map((t) => (t.name === 'Recipe' ? { ...t, name: 'Batch recipe' } : t)),
      },
    });
    expect(renamed.body).toMatchObject({ code: 0 });
    await eventually(
      () => online(childSn),
      (d) => d?.sync_state === 1,
      'the edit acknowledged',
    );

    // DDATA by alias reaches history; 64-bit as exact text.
    const ts = Date.now();
    await edge.publish(
      'DDATA',
      {
        timestamp: ts,
        seq: 2,
        metrics: [
          { alias: '10', datatype: DataType.Int32, value: -2147483648 },
          { alias: '13', datatype: DataType.UInt64, value: '18446744073709551615' },
          { alias: '14', datatype: DataType.String, value: 'PET-1L' },
        ],
      },
      'Press1',
    );
    const values = await eventually(
      () => storedValues(server, device.id),
      (v) => v.length >= 3,
      'stored values',
    );
    const at = (name: string) => values.find((v) => v.tag_id === tagId.get(name) && v.ts === ts);
    expect(at('Speed')?.num).toBe(-2147483648);
    expect(at('Total')?.txt ?? String(at('Total')?.num)).toBe('18446744073709551615');
    expect(at('Recipe')?.txt).toBe('PET-1L');
    expect(edge.rebirths()).toBe(0);

    // A write becomes a DCMD with the alias and the metric's type.
    const write = await server.call('POST', '/device/settag', {
      token,
      body: { id: device.id, tag_id: tagId.get('SetPoint'), value: 2.25 },
    });
    expect(write.body).toMatchObject({ code: 0 });
    await waitUntil(
      () => edge.commands.some((c) => c.topic.endsWith('/DCMD/' + node.edgeNodeId + '/Press1')),
      5_000,
      'DCMD',
    );
    const dcmd = edge.commands.find((c) => c.topic.includes('/DCMD/'))!;
    expect(dcmd.payload.metrics).toEqual([
      expect.objectContaining({ alias: '11', datatype: DataType.Float, value: 2.25 }),
    ]);

    // A sequence gap asks for a rebirth; so does an unknown alias after the new birth.
    await edge.publish(
      'DDATA',
      { timestamp: Date.now(), seq: 9, metrics: [{ alias: '10', datatype: DataType.Int32, value: 1 }] },
      'Press1',
    );
    await waitUntil(() => edge.rebirths() === 1, 5_000, 'rebirth on a gap');
    await edge.publish('NBIRTH', nodeBirth('0'));
    await edge.publish('DBIRTH', deviceBirth(1), 'Press1');
    await edge.publish(
      'DDATA',
      { timestamp: Date.now(), seq: 2, metrics: [{ alias: '99', datatype: DataType.Int32, value: 1 }] },
      'Press1',
    );
    await waitUntil(() => edge.rebirths() === 2, 5_000, 'rebirth on an unknown alias');
    // The new birth left the renamed tag its name and id.
    const reborn = await templateOf(server, token, template.id);
    expect(reborn.tags.map((t) => [t.id, t.name])).toEqual(
      template.tags.map((t) => [t.id, t.name === 'Recipe' ? 'Batch recipe' : t.name]),
    );

    // A stale NDEATH (another bdSeq) leaves the node up; its own takes node and device down.
    await edge.publish('NDEATH', { metrics: [{ name: 'bdSeq', datatype: DataType.UInt64, value: '7' }] });
    await edge.publish('NDATA', {
      timestamp: Date.now(),
      seq: 3,
      metrics: [{ alias: '2', datatype: DataType.Double, value: 21 }],
    });
    expect((await online(childSn))?.online).toBe(1);
    expect((await online(node.sn))?.online).toBe(1);
    await edge.publish('NDEATH', { metrics: [{ name: 'bdSeq', datatype: DataType.UInt64, value: '0' }] });
    await eventually(
      () => online(childSn),
      (d) => d?.online === 0,
      'device offline',
    );
    await eventually(
      () => online(node.sn),
      (d) => d?.online === 0,
      'node offline',
    );
    // Data after the death, before a birth: a rebirth is asked for.
    await edge.publish('NDATA', {
      timestamp: Date.now(),
      seq: 4,
      metrics: [{ alias: '2', datatype: DataType.Double, value: 22 }],
    });
    await waitUntil(() => edge.rebirths() === 3, 5_000, 'rebirth after death');
    await edge.client.endAsync();
  });

  // Only the embedded broker sees connections end; an external one publishes the node's will (if any).
  it.skipIf(Boolean(process.env.MQTT_URL))(
    'a node that leaves without an NDEATH takes its devices offline',
    async () => {
      const node = await registerNode(server);
      const edge = await RawEdgeNode.connect(server, node);
      await edge.publish('NBIRTH', nodeBirth('0'));
      await edge.publish('DBIRTH', deviceBirth(1), 'Press1');
      const childSn = `${node.sn}-Press1`;
      await eventually(
        () => online(childSn),
        (d) => d?.online === 1,
        'device born online',
      );
      // A clean DISCONNECT publishes no will.
      await edge.client.endAsync();
      await eventually(
        () => online(childSn),
        (d) => d?.online === 0,
        'device offline',
      );
      expect((await online(node.sn))?.online).toBe(0);
    },
  );
});
