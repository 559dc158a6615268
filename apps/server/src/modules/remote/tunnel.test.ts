import { TUNNEL_TOKEN_TTL_MS, type RemoteEndReason } from '@hmi/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tunnel, type TunnelBinding } from './tunnel.ts';

/* A tunnel's tokens and timers, alone (fake time): the sockets are the integration tests'. */
const binding = (over: Partial<TunnelBinding> = {}): TunnelBinding => ({
  tunnelId: 't1',
  sessionId: 1,
  deviceId: 2,
  sn: 'SN',
  teamId: 3,
  userId: 4,
  mode: 'operate',
  viewOnlyRfb: false,
  startedAt: Date.now(),
  maxMs: 60_000,
  idleMs: 20_000,
  ...over,
});

let ends: RemoteEndReason[];
const tunnel = (over: Partial<TunnelBinding> = {}) =>
  new Tunnel(binding(over), { client: 'client-token', device: 'device-token' }, (_t, r) => ends.push(r));

beforeEach(() => {
  vi.useFakeTimers();
  ends = [];
});
afterEach(() => vi.useRealTimers());

describe('Tunnel tokens', () => {
  it('redeems each side token once, only on its side, only while it lives', () => {
    const t = tunnel();
    expect(t.redeem('client', 'device-token')).toBe(false);
    expect(t.redeem('device', 'client-token')).toBe(false);
    expect(t.redeem('client', 'nope')).toBe(false);
    expect(t.redeem('client', 'client-token')).toBe(true);
    expect(t.redeem('client', 'client-token')).toBe(false); // replay
    vi.advanceTimersByTime(TUNNEL_TOKEN_TTL_MS + 1);
    expect(t.redeem('device', 'device-token')).toBe(false); // expired
    t.end('client');
  });

  it('keeps only hashes of the tokens', () => {
    const t = tunnel();
    expect(JSON.stringify(t.tokens)).not.toContain('client-token');
    expect(t.tokens.client.hash.length).toBe(32);
    t.end('client');
  });

  it('ends (error) when the sides have not joined while the tokens live', () => {
    tunnel({ idleMs: 120_000 });
    vi.advanceTimersByTime(TUNNEL_TOKEN_TTL_MS + 1000);
    expect(ends).toEqual(['error']);
  });
});

describe('Tunnel timers', () => {
  it('ends at the maximum duration even while busy (max_duration)', () => {
    // (Within the join deadline: these tunnels never get sockets.)
    const t = tunnel({ maxMs: 25_000, idleMs: 20_000 });
    for (let i = 0; i < 24; i++) {
      vi.advanceTimersByTime(1000);
      t.lastActivity = Date.now();
    }
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(ends).toEqual(['max_duration']);
    vi.advanceTimersByTime(100_000);
    expect(ends).toEqual(['max_duration']); // once
  });

  it('ends after idleMs without a byte either way (idle), not before', () => {
    const t = tunnel({ maxMs: 10 * 60_000, idleMs: 10_000 });
    vi.advanceTimersByTime(8_000);
    t.lastActivity = Date.now(); // a byte at 8 s
    vi.advanceTimersByTime(9_000);
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(ends).toEqual(['idle']);
  });

  it('counts unflushed bytes once', () => {
    const t = tunnel();
    t.up = 10;
    t.down = 5;
    expect(t.takeUnflushed()).toEqual({ up: 10, down: 5 });
    t.up = 12;
    expect(t.takeUnflushed()).toEqual({ up: 2, down: 0 });
    t.end('client');
  });
});
