import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import {
  DataType,
  decodePayload,
  encodePayload,
  encodeState,
  REBIRTH_METRIC,
  type SpbPayload,
} from '@hmi/domain/sparkplug';
import { startSparkplugEdgeNode, type SparkplugEdgeNodeHandle } from './sparkplug-edge-node.ts';

/*
 * The Sparkplug B edge node against a bare aedes broker; the test plays the host application
 * through in-process subscriptions. (The server's suite runs it against the real host.)
 */

let broker: Aedes;
let server: Server;
let url: string;
let received: { topic: string; payload: SpbPayload }[];
const nodes: SparkplugEdgeNodeHandle[] = [];

beforeEach(async () => {
  broker = await Aedes.createBroker();
  received = [];
  await new Promise<void>((r) =>
    broker.subscribe(
      'spBv1.0/G1/#',
      (packet, cb) => {
        if (!/\/(NCMD|DCMD)\//.test(packet.topic))
          received.push({ topic: packet.topic, payload: decodePayload(packet.payload as Buffer) });
        cb();
      },
      r,
    ),
  );
  server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const n of nodes.splice(0)) await n.stop();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

const publish = (topic: string, payload: Uint8Array | string, retain = false) =>
  new Promise<void>((resolve, reject) =>
    broker.publish(
      { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain, dup: false },
      (err) => (err ? reject(err) : resolve()),
    ),
  );

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const of = (type: string, device?: string) =>
  received.filter((m) => m.topic === `spBv1.0/G1/${type}/E1${device ? `/${device}` : ''}`);

async function start(rate = 50) {
  const node = await startSparkplugEdgeNode({
    url,
    sn: 'SIMG-SPB-0001',
    secret: '12345678',
    groupId: 'G1',
    edgeNodeId: 'E1',
    devices: ['Press', 'Oven'],
    rate,
    metricsPerDevice: 6,
    keepalive: 5,
    reconnectPeriodMs: 100,
  });
  nodes.push(node);
  return node;
}

describe('Sparkplug B edge node', () => {
  it('is born (NBIRTH, DBIRTHs) then reports DDATA by alias, seq wrapping across its messages', async () => {
    await start();
    await waitFor(() => (of('DDATA', 'Oven').length >= 3 ? true : undefined), 'DDATA');
    const nbirth = of('NBIRTH')[0]!.payload;
    expect(nbirth.seq).toBe(0);
    expect(nbirth.metrics.map((m) => [m.name, m.datatype, m.value])).toEqual([
      ['bdSeq', DataType.UInt64, '0'],
      [REBIRTH_METRIC, DataType.Boolean, false],
      ['Properties/Devices', DataType.Int32, 2],
    ]);
    const dbirth = of('DBIRTH', 'Press')[0]!.payload;
    expect(dbirth.metrics.map((m) => [m.name, m.datatype])).toEqual([
      ['Temperature', DataType.Double],
      ['Position', DataType.Int32],
      ['Running', DataType.Boolean],
      ['Count', DataType.UInt64],
      ['Recipe', DataType.String],
      ['Temperature_2', DataType.Double],
    ]);
    expect(dbirth.metrics.every((m) => m.alias !== undefined)).toBe(true);
    expect(dbirth.metrics[3]!.value).toMatch(/^\d{10,}$/);
    expect(dbirth.metrics[0]!.properties).toEqual({ engUnit: '°C' });
    // Aliases are unique across the node.
    const aliases = [...of('DBIRTH', 'Press'), ...of('DBIRTH', 'Oven')].flatMap((m) =>
      m.payload.metrics.map((x) => x.alias),
    );
    expect(new Set(aliases).size).toBe(12);

    // One seq sequence over every message after the NBIRTH, in publish order.
    const seqs = received.map((m) => m.payload.seq);
    expect(seqs.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    const ddata = of('DDATA', 'Press')[0]!.payload;
    expect(ddata.metrics.every((m) => m.name === undefined && m.alias !== undefined)).toBe(true);
    expect(ddata.metrics).toHaveLength(6);
  });

  it('produces values from the signal generators: negative Int32s, a growing UInt64 counter', async () => {
    let clock = Date.now();
    const node = await startSparkplugEdgeNode({
      url,
      sn: 'SIMG-SPB-0002',
      secret: '12345678',
      groupId: 'G1',
      edgeNodeId: 'E2',
      devices: ['Press'],
      rate: 60_000,
      metricsPerDevice: 10,
      now: () => clock,
    });
    nodes.push(node);
    const samples: Record<string, unknown>[] = [];
    for (let s = 0; s < 600; s++, clock += 1_000) samples.push(node.values('Press'));
    const positions = samples.map((v) => v.Position as number);
    expect(positions.every((p) => Number.isInteger(p))).toBe(true);
    expect(Math.min(...positions)).toBeLessThan(0);
    expect(Math.max(...positions)).toBeGreaterThan(0);
    expect(new Set(samples.map((v) => v.Temperature)).size).toBeGreaterThan(50);
    expect(new Set(samples.map((v) => v.Running))).toEqual(new Set([true, false]));
    expect(samples.every((v) => typeof v.Recipe === 'string')).toBe(true);
    const counts = samples.map((v) => BigInt(v.Count as string));
    expect(counts[0]! > 2n ** 32n).toBe(true);
    expect(counts.every((c, i) => i === 0 || c > counts[i - 1]!)).toBe(true);
    expect(Object.keys(samples[0]!)).toEqual([
      'Temperature',
      'Position',
      'Running',
      'Count',
      'Recipe',
      'Temperature_2',
      'Position_2',
      'Running_2',
      'Count_2',
      'Recipe_2',
    ]);
  });

  it('answers a Rebirth NCMD and applies a DCMD, reported in the next DDATA', async () => {
    const node = await start(200);
    await waitFor(() => of('DDATA', 'Press')[0], 'DDATA');
    await publish(
      'spBv1.0/G1/NCMD/E1',
      encodePayload({ metrics: [{ name: REBIRTH_METRIC, datatype: DataType.Boolean, value: true }] }),
    );
    await waitFor(() => of('NBIRTH')[1], 'second NBIRTH');
    await waitFor(() => (of('DBIRTH', 'Oven').length === 2 ? true : undefined), 'second DBIRTH');
    const second = received.findIndex((m, i) => i > 0 && m.topic.endsWith('/NBIRTH/E1'));
    expect(received[second]!.payload.seq).toBe(0);
    expect(received[second]!.payload.metrics[0]!.value).toBe('0'); // same bdSeq
    expect(received.slice(second, second + 3).map((m) => m.payload.seq)).toEqual([0, 1, 2]);
    expect(node.births).toBe(2);

    const birth = of('DBIRTH', 'Press')[0]!.payload.metrics;
    const alias = (name: string) => birth.find((m) => m.name === name)!.alias!;
    const before = received.length;
    await publish(
      'spBv1.0/G1/DCMD/E1/Press',
      encodePayload({
        timestamp: Date.now(),
        metrics: [
          { alias: alias('Position'), datatype: DataType.Int32, value: -1234 },
          { alias: alias('Recipe'), datatype: DataType.String, value: 'RCP-X' },
          { alias: alias('Count'), datatype: DataType.UInt64, value: '18446744073709551615' },
        ],
      }),
    );
    const report = await waitFor(
      () => received.slice(before).find((m) => m.topic.endsWith('/DDATA/E1/Press')),
      'DDATA after DCMD',
    );
    const typed = decodePayload(encodePayload(report.payload));
    expect(typed.metrics.map((m) => [m.alias, m.value])).toEqual(
      expect.arrayContaining([
        [alias('Position'), -1234],
        [alias('Recipe'), 'RCP-X'],
        [alias('Count'), '18446744073709551615'],
      ]),
    );
    expect(node.values('Press')).toMatchObject({ Position: -1234, Recipe: 'RCP-X' });
  });

  it('republishes its births when the host comes back online', async () => {
    const node = await start(1_000);
    await waitFor(() => of('DBIRTH', 'Oven')[0], 'DBIRTH');
    await publish('spBv1.0/STATE/hmi-cloud', encodeState(false, Date.now()), true);
    await new Promise((r) => setTimeout(r, 50));
    expect(node.births).toBe(1);
    await publish('spBv1.0/STATE/hmi-cloud', encodeState(true, Date.now() + 1), true);
    await waitFor(() => of('NBIRTH')[1], 'NBIRTH after the host came back');
  });

  it('dies with its Last Will on a crash, and stops with an NDEATH of the same bdSeq', async () => {
    const node = await start();
    await waitFor(() => of('DBIRTH', 'Oven')[0], 'DBIRTH');
    node.crash();
    nodes.splice(nodes.indexOf(node), 1);
    const will = await waitFor(() => of('NDEATH')[0], 'NDEATH will');
    expect(will.payload.metrics).toEqual([expect.objectContaining({ name: 'bdSeq', value: '0' })]);

    const again = await startSparkplugEdgeNode({
      url,
      sn: 'SIMG-SPB-0001',
      secret: '12345678',
      groupId: 'G1',
      edgeNodeId: 'E1',
      devices: ['Press'],
      bdSeq: 7,
    });
    await waitFor(() => of('NBIRTH')[1], 'NBIRTH');
    expect(of('NBIRTH')[1]!.payload.metrics[0]!.value).toBe('7');
    await again.stop();
    const death = await waitFor(() => of('NDEATH')[1], 'NDEATH');
    expect(death.payload.metrics[0]!.value).toBe('7');
  });

  it('takes a new bdSeq on each new connection', async () => {
    const node = await start();
    await waitFor(() => of('DBIRTH', 'Oven')[0], 'DBIRTH');
    // The broker drops the client: it reconnects with bdSeq 1 in its will and its NBIRTH.
    for (const c of Object.values(
      (broker as unknown as { clients: Record<string, { close(): void }> }).clients,
    ))
      c.close();
    await waitFor(() => of('NBIRTH')[1], 'NBIRTH after reconnecting', 5_000);
    expect(of('NBIRTH')[1]!.payload.metrics[0]!.value).toBe('1');
    expect(node.bdSeq).toBe(1);
    expect(of('NDEATH')[0]!.payload.metrics[0]!.value).toBe('0');
  });

  it('rejects when the broker refuses it', async () => {
    broker.authenticate = (_client, _u, _p, done) =>
      done(Object.assign(new Error('no'), { returnCode: 4 as const }), false);
    await expect(start()).rejects.toThrow(/connection refused/);
  });
});
