import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { PARTITIONS, partitionOf } from '../../plugins/bus/ownership.ts';
import { PartitionLeaseRepo } from './partition-lease.repo.ts';
import { PartitionLeases, type PartitionChange } from './partition-leases.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const LEASE = 10_000;
const ALL = Array.from({ length: PARTITIONS }, (_, p) => p);

/** Servers over the test server's database (SQLite, or PostgreSQL with DATABASE_URL) on one fake clock. */
function cluster(names: string[]) {
  const clock = { now: 1_000_000 };
  const repo = new PartitionLeaseRepo(server.app.db);
  const changes = new Map<string, PartitionChange[]>();
  const servers = names.map((name) => {
    const s = new PartitionLeases(repo, `${name}-${Math.random().toString(36).slice(2, 8)}`, server.app.log, {
      leaseMs: LEASE,
      now: () => clock.now,
    });
    changes.set(name, []);
    s.onChange((c) => changes.get(name)!.push(c));
    return s;
  });
  return { clock, servers, changes };
}

async function clean(): Promise<void> {
  await server.app.db.deleteFrom('partition_leases').execute();
  await server.app.db.deleteFrom('cluster_servers').execute();
}

describe('device partitions leased through the database', () => {
  it('gives one server every partition, and splits them evenly and disjointly when a second beats', async () => {
    await clean();
    const { clock, servers, changes } = cluster(['a', 'b']);
    const [a, b] = servers as [PartitionLeases, PartitionLeases];
    await a.beat();
    expect(a.partitions).toEqual(ALL);
    expect(a.owns(5) && a.owns(5 + PARTITIONS)).toBe(true);
    await b.beat(); // b sees two servers, but everything is held: nothing yet
    expect(b.partitions).toEqual([]);
    clock.now += 1000;
    await a.beat(); // a gives up what is beyond its half, at once
    await b.beat(); // and b takes it
    expect(a.partitions).toHaveLength(PARTITIONS / 2);
    expect(b.partitions).toHaveLength(PARTITIONS / 2);
    expect([...a.partitions, ...b.partitions].sort((x, y) => x - y)).toEqual(ALL);
    // Every device has exactly one owner.
    for (let id = 1; id <= 500; id++) expect(Number(a.owns(id)) + Number(b.owns(id))).toBe(1);
    expect(changes.get('a')!.at(-1)!.lost).toHaveLength(PARTITIONS / 2);
    expect(changes.get('b')!.at(-1)!.gained).toEqual(b.partitions);
  });

  it("hands a dead server's partitions to the others once its leases run out, and not before", async () => {
    await clean();
    const { clock, servers } = cluster(['a', 'b']);
    const [a, b] = servers as [PartitionLeases, PartitionLeases];
    await a.beat();
    await b.beat();
    clock.now += 1000;
    await a.beat();
    await b.beat();
    const bHeld = b.partitions;
    expect(bHeld).toHaveLength(PARTITIONS / 2);
    // b dies (no stop, no release): its leases still hold for a while.
    clock.now += LEASE / 2;
    await a.beat();
    expect(a.partitions).toHaveLength(PARTITIONS / 2);
    clock.now += LEASE / 2 + 1;
    await a.beat();
    expect(a.partitions).toEqual(ALL);
    expect(bHeld.every((p) => a.owns(p))).toBe(true);
  });

  it('releases at once when a server stops, and never lets two racing servers both take one partition', async () => {
    await clean();
    const { clock, servers } = cluster(['a', 'b', 'c']);
    const [a, b, c] = servers as [PartitionLeases, PartitionLeases, PartitionLeases];
    // Three servers beat together, again and again.
    for (let i = 0; i < 4; i++) {
      await Promise.all([a.beat(), b.beat(), c.beat()]);
      const held = [...a.partitions, ...b.partitions, ...c.partitions];
      expect(new Set(held).size).toBe(held.length);
      clock.now += 1000;
    }
    expect(a.partitions.length + b.partitions.length + c.partitions.length).toBe(PARTITIONS);
    for (const s of [a, b, c]) expect(s.partitions.length).toBeLessThanOrEqual(Math.ceil(PARTITIONS / 3));
    await c.stop();
    expect(c.partitions).toEqual([]);
    clock.now += 1000;
    await a.beat();
    await b.beat();
    expect([...a.partitions, ...b.partitions].sort((x, y) => x - y)).toEqual(ALL);
    expect(partitionOf(PARTITIONS + 3)).toBe(3);
  });
});
