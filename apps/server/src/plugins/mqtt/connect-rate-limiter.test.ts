import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './connect-rate-limiter.ts';

describe('SlidingWindowLimiter', () => {
  it('allows the limit within the window, blocks the next one for the block time', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000, blockMs: 300_000 }, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([false, false, false]);
    expect(limiter.isBlocked('a')).toBe(false);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    now += 299_999;
    expect(limiter.isBlocked('a')).toBe(true);
    now += 1;
    expect(limiter.isBlocked('a')).toBe(false);
    expect(limiter.hit('a')).toBe(false);
  });

  it('forgets events older than the window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1_000, blockMs: 5_000 }, () => now);
    limiter.hit('a');
    now = 600;
    limiter.hit('a');
    now = 1_001; // the first one left the window
    expect(limiter.hit('a')).toBe(false);
    now = 1_100;
    expect(limiter.hit('a')).toBe(true);
  });
});
