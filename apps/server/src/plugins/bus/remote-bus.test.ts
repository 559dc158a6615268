import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openRemoteBus } from '../bus.ts';
import type { RemoteBus } from './remote-bus.ts';

/** The machine's Redis and NATS (README, "Tests"); each run uses its own channel prefix. */
const ENGINES = [
  ['Redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'],
  ['NATS', process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'],
] as const;

const errors: unknown[] = [];
const open: RemoteBus[] = [];

async function cluster(url: string, n: number, serverIds?: string[]): Promise<RemoteBus[]> {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const buses = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      openRemoteBus(url, { prefix, serverId: serverIds?.[i], onError: (e) => errors.push(e) }),
    ),
  );
  open.push(...buses);
  return buses;
}

/** Resolves once `check` holds (events cross the engine asynchronously). */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
  expect(errors.splice(0)).toEqual([]);
});

describe.each(ENGINES)('the bus on %s', (_name, url) => {
  it('delivers a published event once to every server, in order; origin subscribers get it where it was published, others subscribers elsewhere', async () => {
    const [a, b, c] = await cluster(url, 3);
    const seen = {
      a: [] as number[],
      b: [] as number[],
      c: [] as number[],
      originA: 0,
      originB: 0,
      othersA: 0,
      othersB: 0,
    };
    a!.subscribe('device.scope', (e) => seen.a.push(e.teamId));
    b!.subscribe('device.scope', (e) => seen.b.push(e.teamId));
    c!.subscribe('device.scope', (e) => seen.c.push(e.teamId));
    a!.subscribe('device.scope', () => seen.originA++, 'origin');
    b!.subscribe('device.scope', () => seen.originB++, 'origin');
    a!.subscribe('device.scope', () => seen.othersA++, 'others');
    b!.subscribe('device.scope', () => seen.othersB++, 'others');
    for (let i = 0; i < 500; i++) a!.publish('device.scope', { teamId: i, deviceIds: null });
    const all = Array.from({ length: 500 }, (_, i) => i);
    await until(() => seen.b.length === 500 && seen.c.length === 500);
    // Give a duplicate the time to arrive.
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.a).toEqual(all);
    expect(seen.b).toEqual(all);
    expect(seen.c).toEqual(all);
    expect([seen.originA, seen.originB]).toEqual([500, 0]);
    expect([seen.othersA, seen.othersB]).toEqual([0, 500]);
  });

  it('puts the events published together on the wire together, in order, in batches of at most about 256 KB', async () => {
    const [a, b] = await cluster(url, 2);
    const transport = (a as unknown as { transport: { publish(channel: string, message: string): void } })
      .transport;
    const wire: number[] = [];
    const publish = transport.publish.bind(transport);
    transport.publish = (channel, message) => {
      wire.push(message.length);
      publish(channel, message);
    };
    const seen: number[] = [];
    b!.subscribe('device.scope', (e) => seen.push(e.teamId));
    for (let i = 0; i < 500; i++) a!.publish('device.scope', { teamId: i, deviceIds: null });
    await until(() => seen.length === 500);
    expect(wire).toHaveLength(1);
    // 300 events of about 2 KB: more than one batch, none much over the limit.
    const big = Array.from({ length: 250 }, (_, i) => 1_000_000 + i);
    for (let i = 500; i < 800; i++) a!.publish('device.scope', { teamId: i, deviceIds: big });
    await until(() => seen.length === 800);
    expect(seen).toEqual(Array.from({ length: 800 }, (_, i) => i));
    expect(wire.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...wire)).toBeLessThan(256 * 1024 + 4096);
  });

  it('gives owner subscribers only the events of devices their server owns', async () => {
    const [a, b] = await cluster(url, 2);
    a!.ownership = { owns: (id) => id % 2 === 0 };
    b!.ownership = { owns: (id) => id % 2 === 1 };
    const owned = { a: [] as number[], b: [] as number[] };
    a!.subscribe('device.data', (e) => owned.a.push(e.deviceId), 'owner');
    b!.subscribe('device.data', (e) => owned.b.push(e.deviceId), 'owner');
    const frame = { ts: 1, ids: [1], nums: [1.5], txts: null };
    for (let id = 1; id <= 10; id++)
      (id % 3 === 0 ? b! : a!).publish('device.data', { deviceId: id, teamId: 1, frames: [frame] });
    await until(() => owned.a.length + owned.b.length === 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(owned.a.sort((x, y) => x - y)).toEqual([2, 4, 6, 8, 10]);
    expect(owned.b.sort((x, y) => x - y)).toEqual([1, 3, 5, 7, 9]);
  });

  it("sends only a data event's values across: the writer's own fields of a frame stay home", async () => {
    const [a, b] = await cluster(url, 2);
    const got: unknown[] = [];
    b!.subscribe('device.data', (e) => got.push(e));
    const frame = {
      ts: 5,
      ids: [1, 2],
      nums: [1.5, null],
      txts: [null, 'x'],
      deviceId: 9,
      tagset: 3,
      live: true,
    };
    // Events whose frames are all numbers travel in binary: every value bit for bit, null as
    // null; an event with text, or with an id beyond 32 bits, as JSON.
    const ids = Array.from({ length: 60 }, (_, i) => i * 7 + 1);
    const nums = ids.map((id, i) => (i === 3 ? null : i === 4 ? -0 : i === 5 ? Number.MAX_VALUE : id / 3));
    const numeric = { ts: 6, ids, nums, txts: null, deviceId: 9, tagset: 4, live: true };
    const wide = { ts: 7, ids: [2 ** 33], nums: [1], txts: null, deviceId: 9, tagset: 5, live: true };
    a!.publish('device.data', { deviceId: 9, teamId: 4, frames: [frame] });
    a!.publish('device.data', { deviceId: 9, teamId: 4, frames: [numeric, numeric] });
    a!.publish('device.data', { deviceId: 9, teamId: 4, frames: [wide] });
    await until(() => got.length === 3);
    const values = { ts: 6, ids, nums, txts: null };
    expect(got).toEqual([
      { deviceId: 9, teamId: 4, frames: [{ ts: 5, ids: [1, 2], nums: [1.5, null], txts: [null, 'x'] }] },
      { deviceId: 9, teamId: 4, frames: [values, values] },
      { deviceId: 9, teamId: 4, frames: [{ ts: 7, ids: [2 ** 33], nums: [1], txts: null }] },
    ]);
    expect(Object.is((got[1] as { frames: { nums: unknown[] }[] }).frames[0]!.nums[4], -0)).toBe(true);
  });

  it('skips records of unknown kinds and drops malformed messages whole', async () => {
    const [a, b] = await cluster(url, 2);
    const inner = a as unknown as {
      transport: { publish(channel: string, message: Uint8Array): void };
      everyChannel: string;
    };
    const got: number[] = [];
    b!.subscribe('device.scope', (e) => got.push(e.teamId));
    const record = (kind: number, payload: Buffer) => {
      const head = Buffer.alloc(5);
      head[0] = kind;
      head.writeUInt32LE(payload.length, 1);
      return Buffer.concat([head, payload]);
    };
    const json = (teamId: number) =>
      record(1, Buffer.from(JSON.stringify({ t: 'device.scope', e: { teamId, deviceIds: null } })));
    const message = (...records: Buffer[]) =>
      Buffer.concat([Buffer.from('other '), Buffer.from([1]), ...records]);
    inner.transport.publish(inner.everyChannel, Buffer.from('not a bus message'));
    inner.transport.publish(inner.everyChannel, message(record(9, Buffer.from('future')), json(1)));
    // Cut short: the second record claims more bytes than there are; nothing of it is delivered.
    inner.transport.publish(inner.everyChannel, message(json(2), json(3).subarray(0, 8)));
    a!.publish('device.scope', { teamId: 4, deviceIds: null });
    await until(() => got.includes(4));
    expect(got).toEqual([1, 4]);
  });

  it('sends a requester event to the named server only', async () => {
    const [a, b, c] = await cluster(url, 3);
    const got: string[] = [];
    for (const [name, bus] of [
      ['a', a!],
      ['b', b!],
      ['c', c!],
    ] as const)
      bus.subscribe('command.reply', (e) => got.push(`${name}:${e.resp.id}`));
    const resp = { id: `${b!.serverId}.x`, ok: true } as never;
    c!.send(b!.serverId, 'command.reply', { sn: 'HMI-1', resp });
    a!.send(a!.serverId, 'command.reply', { sn: 'HMI-1', resp: { id: 'self', ok: true } as never });
    await until(() => got.length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(got.sort()).toEqual([`a:self`, `b:${b!.serverId}.x`]);
  });

  it('keeps clusters with other prefixes apart', async () => {
    const [a] = await cluster(url, 1);
    const [b] = await cluster(url, 1);
    let crossed = 0;
    b!.subscribe('device.scope', () => crossed++);
    a!.publish('device.scope', { teamId: 1, deviceIds: null });
    await new Promise((r) => setTimeout(r, 150));
    expect(crossed).toBe(0);
  });
});

it('refuses to start on a bus it cannot reach, saying which', async () => {
  await expect(
    openRemoteBus('redis://127.0.0.1:1', { prefix: 'x', onError: () => undefined }),
  ).rejects.toThrow(/BUS_URL=redis:\/\/\.\.\.: cannot reach the bus/);
  await expect(
    openRemoteBus('nats://127.0.0.1:1', { prefix: 'x', onError: () => undefined }),
  ).rejects.toThrow(/BUS_URL=nats:\/\/\.\.\.: cannot reach the bus/);
});
