import { ErrorCode } from '@hmi/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { AppError } from '../../lib/app-error.ts';
import { RateLimiter } from '../verification/index.ts';
import {
  BindThrottle,
  PIN_FAILURE_WINDOW_MS,
  PIN_FREE_FAILURES,
  PIN_MAX_DELAY_MS,
  pinDelayMs,
  UNKNOWN_SN_PER_ADDRESS,
  UNKNOWN_SN_PER_TEAM,
} from './bind-throttle.ts';

/*
 * The bind limits over the real rate_events table of a test server, on a clock the test moves:
 * delays of minutes and hours pass without sleeping.
 */
let server: TestServer;
let clock: number;
let limiter: RateLimiter;
let throttle: BindThrottle;
beforeAll(async () => {
  server = await startTestServer();
  limiter = new RateLimiter(server.app.db, () => clock);
  throttle = new BindThrottle(limiter);
});
afterAll(() => server.close());
beforeEach(async () => {
  clock = Date.now();
  await server.app.db.deleteFrom('rate_events').execute();
});

const MINUTE = 60_000;
const wrong = () => Promise.resolve(false);
const right = () => Promise.resolve(true);

/** The answer of one PIN check: true/false from verify, or the code it was refused with. */
async function attempt(sn: string, verify: () => Promise<boolean>): Promise<boolean | number> {
  try {
    return await throttle.checkPin(sn, verify);
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** The refusal of a check with the right PIN (the delay applies to it too). */
async function refusal(sn: string): Promise<{ code: number; retryAfterMs: number }> {
  const err = await throttle.checkPin(sn, right).then(
    () => expect.fail('the check was not refused'),
    (e: unknown) => e as AppError & { data: { retry_after_ms: number } },
  );
  return { code: err.code, retryAfterMs: err.data.retry_after_ms };
}

describe('PIN delay per SN', () => {
  it('is 0 for the first 10 wrong PINs, then 1 minute doubling per failure, capped at 1 hour', () => {
    expect(PIN_FREE_FAILURES).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => pinDelayMs(i))).toEqual(Array(10).fill(0));
    expect([10, 11, 12, 13, 14, 15, 16, 17, 40].map((n) => pinDelayMs(n) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
    expect(PIN_MAX_DELAY_MS).toBe(60 * MINUTE);
  });

  it('after 10 wrong PINs the next check waits 1 minute, then 2; the right PIN after the delay passes and does not count', async () => {
    for (let i = 0; i < 10; i++) expect(await attempt('SN-A', wrong)).toBe(false);
    // Refused before the PIN is looked at: the right one too, so a refusal tells nothing.
    expect(await refusal('SN-A')).toEqual({ code: ErrorCode.E1036_TOO_FREQUENT, retryAfterMs: MINUTE });
    clock += MINUTE - 1;
    expect(await attempt('SN-A', right)).toBe(ErrorCode.E1036_TOO_FREQUENT);
    clock += 1;
    expect(await attempt('SN-A', wrong)).toBe(false);
    expect(await refusal('SN-A')).toEqual({ code: ErrorCode.E1036_TOO_FREQUENT, retryAfterMs: 2 * MINUTE });
    clock += 2 * MINUTE;
    expect(await attempt('SN-A', right)).toBe(true);
    // The right PIN was given back: still 11 failures; the 12th asks for 4 minutes.
    expect(await limiter.count('device-bind-pin-failure', 'SN-A', PIN_FAILURE_WINDOW_MS)).toBe(11);
    expect(await attempt('SN-A', wrong)).toBe(false);
    expect((await refusal('SN-A')).retryAfterMs).toBe(4 * MINUTE);
    // Another SN is not affected.
    expect(await attempt('SN-B', right)).toBe(true);
  });

  it('a guesser who waits out every delay gets one PIN an hour, and no wait exceeds 1 hour', async () => {
    let checked = 0;
    const counting = () => {
      checked++;
      return Promise.resolve(false);
    };
    // One guess a minute for 6 hours.
    for (let t = 0; t < 6 * 60; t++) {
      await throttle.checkPin('SN-C', counting).catch((err: unknown) => {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).data).toEqual({ retry_after_ms: expect.any(Number) });
        expect(
          (err as AppError & { data: { retry_after_ms: number } }).data.retry_after_ms,
        ).toBeLessThanOrEqual(PIN_MAX_DELAY_MS);
      });
      clock += MINUTE;
    }
    // 10 free, 6 more after 1+2+4+8+16+32 minutes (t = 72), then one an hour: 132, 192, 252, 312.
    expect(checked).toBe(20);
  });

  it('failures are forgotten after 24 hours: the lock always lifts', async () => {
    for (let i = 0; i < 12; i++) {
      expect(await attempt('SN-D', wrong)).toBe(false);
      clock += pinDelayMs(i + 1);
    }
    clock += PIN_FAILURE_WINDOW_MS;
    for (let i = 0; i < 10; i++) expect(await attempt('SN-D', wrong)).toBe(false);
    expect(await attempt('SN-D', right)).toBe(ErrorCode.E1036_TOO_FREQUENT);
  });

  it('a burst of 40 concurrent checks gets 10 PINs checked, not 40', async () => {
    let checked = 0;
    // Slow like scrypt, so that the checks overlap.
    const slow = async () => {
      checked++;
      await new Promise((r) => setTimeout(r, 5));
      return false;
    };
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt('SN-E', slow)));
    expect(checked).toBe(10);
    expect(answers.filter((a) => a === false)).toHaveLength(checked);
    expect(answers.filter((a) => a === ErrorCode.E1036_TOO_FREQUENT)).toHaveLength(40 - checked);
  });
});

describe('unknown-SN answers per team and per address', () => {
  /** One lookup that finds nothing (the reserved slots stay). */
  const unknown = (team: number, ip: string) =>
    throttle.beforeLookup(team, ip).then(
      () => 0,
      (e: unknown) => (e as { code: number }).code,
    );

  it('20 an hour per team, then 1036 for any lookup of that team; another team goes on', async () => {
    expect(UNKNOWN_SN_PER_TEAM).toEqual({ max: 20, windowMs: 60 * MINUTE });
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push(await unknown(1, '198.51.100.1'));
    expect(codes).toEqual([...Array(20).fill(0), ErrorCode.E1036_TOO_FREQUENT]);
    expect(await unknown(2, '198.51.100.1')).toBe(0);
    clock += 60 * MINUTE;
    expect(await unknown(1, '198.51.100.1')).toBe(0);
  });

  it('50 an hour per address over several teams, then 1036 from that address only', async () => {
    expect(UNKNOWN_SN_PER_ADDRESS).toEqual({ max: 50, windowMs: 60 * MINUTE });
    for (let team = 1; team <= 3; team++) {
      for (let i = 0; i < (team < 3 ? 20 : 10); i++) expect(await unknown(team, '198.51.100.2')).toBe(0);
    }
    expect(await unknown(4, '198.51.100.2')).toBe(ErrorCode.E1036_TOO_FREQUENT);
    expect(await unknown(4, '198.51.100.3')).toBe(0);
  });

  it('lookups that find the SN give their slots back', async () => {
    for (let i = 0; i < 30; i++) await (await throttle.beforeLookup(5, '198.51.100.4'))();
    expect(await unknown(5, '198.51.100.4')).toBe(0);
  });
});

describe('RateLimiter.consume under a burst', () => {
  it('lets exactly max of 40 concurrent events through', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        limiter.consume('burst', 'x', [{ max: 10, windowMs: MINUTE }], ErrorCode.E1036_TOO_FREQUENT).then(
          () => 'ok',
          (e: unknown) => (e as { code: number }).code,
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(await limiter.count('burst', 'x', MINUTE)).toBe(10);
  });
});
