import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus, openRemoteBus } from '../bus.ts';
import type { RemoteBus } from './remote-bus.ts';

/*
 * What operations read of the bus (docs/metrics.md): each message carries the time its first
 * event was published (a record of kind 3, skipped by servers that do not know it), from which
 * a receiver measures the lag; `ping` answers while the connection does (readiness).
 */
const ENGINES = [
  ['Redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'],
  ['NATS', process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'],
] as const;

const open: RemoteBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});

async function pair(url: string, lags: number[]): Promise<[RemoteBus, RemoteBus]> {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const onError = (err: unknown) => {
    throw err;
  };
  const a = await openRemoteBus(url, { prefix, onError });
  const b = await openRemoteBus(url, { prefix, onError, observeLag: (s) => lags.push(s) });
  open.push(a, b);
  return [a, b];
}

describe.each(ENGINES)('the bus on %s, for operations', (_name, url) => {
  it('measures the lag of each message from another server, never of its own', async () => {
    const lags: number[] = [];
    const [a, b] = await pair(url, lags);
    const seen: number[] = [];
    b.subscribe('device.scope', (e) => seen.push(e.teamId));
    for (let i = 0; i < 10; i++) a.publish('device.scope', { teamId: i, deviceIds: null });
    b.publish('device.scope', { teamId: 99, deviceIds: null });
    const end = Date.now() + 3_000;
    while (seen.length < 11 && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    expect(seen.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99]);
    // The ten events went out in one message (published within 5 ms): one lag, from server a.
    expect(lags).toHaveLength(1);
    expect(lags[0]).toBeGreaterThanOrEqual(0);
    expect(lags[0]).toBeLessThan(1);
  });

  it('answers ping while connected and refuses it once closed', async () => {
    const [a] = await pair(url, []);
    await expect(a.ping()).resolves.toBeUndefined();
    await a.close();
    await expect(a.ping()).rejects.toThrow();
  });
});

it('the in-process bus always answers ping', async () => {
  await expect(new InProcessBus().ping()).resolves.toBeUndefined();
});
