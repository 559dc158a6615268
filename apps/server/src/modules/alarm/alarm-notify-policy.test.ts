import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlarmNotifyGate } from './alarm-notify-gate.ts';
import { notifyDefaults, onRaise, onWindowEnd, type NotifySettings } from './alarm-notify-policy.ts';

const MIN = 60_000;
const s: NotifySettings = { intervalMs: 10 * MIN, flapRaises: 3, maxFactor: 8 };

/** Raises at these minutes, digests checked every `tick` minutes: what was notified and when. */
function run(raisesAt: number[], until: number, settings = s, tick = 0.5) {
  const gate = new AlarmNotifyGate(settings);
  const out: { at: number; kind: 'raise' | 'digest'; raises?: number; flapping?: boolean }[] = [];
  const raises = [...raisesAt].sort((a, b) => a - b);
  let next = 0;
  let record = 0;
  for (let t = 0; t <= until; t += tick) {
    for (const d of gate.due(t * MIN))
      out.push({ at: t, kind: 'digest', raises: d.raises, flapping: d.flapping });
    while (next < raises.length && raises[next]! <= t) {
      const g = gate.raise(1, 7, 3, raises[next]! * MIN);
      g.commit(++record);
      if (g.notify) out.push({ at: raises[next]!, kind: 'raise' });
      next++;
    }
  }
  return out;
}

describe('notification interval (table)', () => {
  it('the first raise notifies at once and opens a window', () => {
    const d = onRaise(undefined, 0, s);
    expect(d.notify).toBe(true);
    expect(d.next(1)).toMatchObject({ openedAt: 0, endsAt: 10 * MIN, raises: 1, collected: 0 });
  });

  it('a rule that raised and recovered within the interval does not notify again; the digest comes when it ends', () => {
    expect(run([0, 2, 4], 12)).toEqual([
      { at: 0, kind: 'raise' },
      { at: 10, kind: 'digest', raises: 2, flapping: true },
    ]);
  });

  it('one raise a window: notified alone, the window ends empty, the next raise notifies at once', () => {
    expect(run([0, 11, 25], 40)).toEqual([
      { at: 0, kind: 'raise' },
      { at: 11, kind: 'raise' },
      { at: 25, kind: 'raise' },
    ]);
  });

  it('two raises: a digest of one, not flapping; then back to normal', () => {
    expect(run([0, 5, 30], 45)).toEqual([
      { at: 0, kind: 'raise' },
      { at: 10, kind: 'digest', raises: 1, flapping: false },
      { at: 30, kind: 'raise' },
    ]);
  });

  it('interval 0: every raise notifies, no digest', () => {
    const none = { ...s, intervalMs: 0 };
    expect(run([0, 1, 2], 30, none).map((e) => e.kind)).toEqual(['raise', 'raise', 'raise']);
  });
});

describe('flapping', () => {
  it('a rule raising every 90 s: digests at 10, 30, 70, 150, 230 min (the window doubles up to 8 intervals)', () => {
    const every90s = Array.from({ length: 160 }, (_, i) => i * 1.5);
    const out = run(every90s, 240);
    expect(out.filter((e) => e.kind === 'raise')).toEqual([{ at: 0, kind: 'raise' }]);
    const digests = out.filter((e) => e.kind === 'digest');
    expect(digests.map((e) => e.at)).toEqual([10, 30, 70, 150, 230]);
    expect(digests.every((e) => e.flapping)).toBe(true);
    // Every raise is accounted for: notified, or in exactly one digest (those after 230 wait).
    const inDigests = digests.reduce((n, e) => n + e.raises!, 0);
    expect(1 + inDigests).toBe(every90s.filter((m) => m < 230).length);
  });

  it('flapping ends with a quiet window: the next raise notifies at once', () => {
    const out = run([0, 1, 2, 3, 45], 60);
    expect(out).toEqual([
      { at: 0, kind: 'raise' },
      { at: 10, kind: 'digest', raises: 3, flapping: true },
      { at: 45, kind: 'raise' },
    ]);
  });

  it('the window after a digest never exceeds maxFactor intervals', () => {
    const w = { openedAt: 0, endsAt: 80 * MIN, raises: 9, collected: 8, lastRecordId: 5, flapping: true };
    const { next } = onWindowEnd(w, 80 * MIN, s);
    expect(next!.endsAt - next!.openedAt).toBe(80 * MIN);
  });
});

describe('properties', () => {
  it('at most one notification (raise or digest) per window start; every raise notified or digested once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 80 }), (minutes) => {
        const out = run(minutes, 1000, notifyDefaults, 1);
        const notified = out.filter((e) => e.kind === 'raise').length;
        const digested = out.filter((e) => e.kind === 'digest').reduce((n, e) => n + e.raises!, 0);
        expect(notified + digested).toBe(minutes.length);
        // Two notifications are never closer than the interval.
        const times = out.map((e) => e.at).sort((a, b) => a - b);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10);
      }),
    );
  });
});
