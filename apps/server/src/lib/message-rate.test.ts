import { LiveCloseCode, LiveLimits } from '@hmi/domain';
import { describe, expect, it } from 'vitest';
import { MessageRate } from './message-rate.ts';

/* The browser sockets' message rate (token bucket) with a clock of its own. */
const settings = { perSecond: LiveLimits.messageRatePerSec, burst: LiveLimits.messageBurst };

function fakeSocket() {
  return {
    readyState: 1 as 0 | 1 | 2 | 3,
    OPEN: 1 as const,
    closedWith: null as null | { code: number; reason: string },
    close(code: number, reason: string) {
      this.closedWith = { code, reason };
      this.readyState = 2;
    },
  };
}

describe('MessageRate', () => {
  it('lets a burst through at once, then refills at the rate', () => {
    const rate = new MessageRate(settings, 0);
    for (let i = 0; i < settings.burst; i++) expect(rate.take(0)).toBe(true);
    expect(rate.take(0)).toBe(false);
    // One second later: one second's worth, no more.
    let passed = 0;
    while (rate.take(1_000)) passed++;
    expect(passed).toBe(settings.perSecond);
    // Idle for a minute: a full burst again, never more.
    passed = 0;
    while (rate.take(61_000)) passed++;
    expect(passed).toBe(settings.burst);
  });

  it('holds a client at the sustained rate indefinitely, not one just above it', () => {
    const steady = new MessageRate(settings, 0);
    const gap = 1_000 / settings.perSecond;
    for (let t = 0; t < 600_000; t += gap) expect(steady.take(t)).toBe(true);
    // 10 % faster: the burst is used up after burst / (rate * 0.1) seconds, here 20 s.
    const fast = new MessageRate(settings, 0);
    let t = 0;
    while (fast.take(t)) t += gap / 1.1;
    expect(t / 1_000).toBeGreaterThan(15);
    expect(t / 1_000).toBeLessThan(25);
  });

  it('closes the socket with 4030 beyond the rate and ignores messages of a closing socket', () => {
    const ws = fakeSocket();
    const rate = new MessageRate({ perSecond: 1, burst: 2 }, 0);
    expect([rate.admit(ws, 0), rate.admit(ws, 0)]).toEqual([true, true]);
    expect(rate.admit(ws, 0)).toBe(false);
    expect(ws.closedWith).toEqual({ code: LiveCloseCode.TooManyMessages, reason: 'too many messages' });
    // The rest of a flood ws had read already: dropped, the socket is not closed again.
    ws.closedWith = null;
    expect(rate.admit(ws, 10_000)).toBe(false);
    expect(ws.closedWith).toBeNull();
  });
});
