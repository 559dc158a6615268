import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSparkplugEdgeNode, type SparkplugEdgeNodeHandle } from '@hmi/simulator';
import type { TestServer } from '../../../test/test-server.ts';
import { eventually, storedValues } from '../ingest/live-data-test-helpers.ts';
import { bind, deviceRow, registerNode, sparkplugTestTeam, templateOf } from './sparkplug-test-helpers.ts';

/*
 * The simulator's Sparkplug B edge node (apps/simulator/src/sparkplug-edge-node.ts) against the
 * host application of a running console: its births make devices, a bound device gets a template
 * and its values reach history, a write comes back in its DDATA, and a steady stream never trips
 * a rebirth request (its seq and aliases are what the host expects).
 */

let server: TestServer;
let token: string;
const nodes: SparkplugEdgeNodeHandle[] = [];

beforeAll(async () => {
  ({ server, token } = await sparkplugTestTeam());
});
afterAll(async () => {
  for (const n of nodes.splice(0)) await n.stop();
  await server.close();
});

const row = (sn: string) => deviceRow(server, sn);

describe('simulated Sparkplug B edge node on the console', () => {
  it('is born, bound, stores its values and takes a write', async () => {
    // Registered as an operator would, so that an external broker (MQTT_URL) knows the node too.
    const registered = await registerNode(server);
    const node = await startSparkplugEdgeNode({
      url: server.app.deviceMqttUrl,
      sn: registered.sn,
      secret: registered.secret,
      groupId: registered.groupId,
      edgeNodeId: registered.edgeNodeId,
      devices: ['Press', 'Oven'],
      rate: 100,
      metricsPerDevice: 5,
      keepalive: 10,
    });
    nodes.push(node);

    for (const id of node.devices)
      await eventually(
        () => row(`${node.sn}-${id}`),
        (d) => d?.online === 1,
        `${id} online`,
      );
    expect((await row(node.sn))?.online).toBe(1);

    const device = await bind(server, token, `${node.sn}-Press`, registered.secret);
    const bound = await eventually(
      () => row(`${node.sn}-Press`),
      (d) => d?.template_id !== null && d?.sync_state === 1,
      'template and sync',
    );
    const template = await templateOf(server, token, bound!.template_id!);
    expect(template.tags.map((t) => [t.name, t.data_type])).toEqual([
      ['Temperature', 8],
      ['Position', 5],
      ['Running', 0],
      ['Count', 3],
      ['Recipe', 9],
    ]);
    const tagId = new Map(template.tags.map((t) => [t.name, t.id]));

    const values = await eventually(
      () => storedValues(server, device.id),
      (v) => new Set(v.map((x) => x.ts)).size >= 3,
      'stored values',
    );
    const of = (name: string) => values.filter((v) => v.tag_id === tagId.get(name));
    expect(of('Temperature').every((v) => typeof v.num === 'number')).toBe(true);
    expect(of('Position').every((v) => Number.isInteger(v.num))).toBe(true);
    expect(of('Running').every((v) => v.num === 0 || v.num === 1)).toBe(true);
    expect(of('Recipe').every((v) => v.txt?.startsWith('RCP-'))).toBe(true);
    // The UInt64 counter (above 2^32) arrives exact.
    const count = of('Count').at(-1)!;
    expect(BigInt(count.txt ?? String(count.num)) > 2n ** 32n).toBe(true);

    // A write: a DCMD by alias, applied by the node and reported in its next DDATA.
    const write = await server.call('POST', '/device/settag', {
      token,
      body: { id: device.id, tag_id: tagId.get('Position'), value: -321 },
    });
    expect(write.body).toMatchObject({ code: 0 });
    await eventually(
      () => storedValues(server, device.id),
      (v) => v.some((x) => x.tag_id === tagId.get('Position') && x.num === -321),
      'the written value stored',
    );
    expect(node.values('Press').Position).toBe(-321);

    // A steady stream of births and DDATA never asked for a rebirth.
    expect(node.births).toBe(1);

    // A crash: the Last Will (its NDEATH) takes the node and its devices offline.
    node.crash();
    nodes.splice(nodes.indexOf(node), 1);
    for (const sn of [node.sn, `${node.sn}-Press`, `${node.sn}-Oven`])
      await eventually(
        () => row(sn),
        (d) => d?.online === 0,
        `${sn} offline`,
      );
  });
});
