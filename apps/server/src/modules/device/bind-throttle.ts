import { ErrorCode } from '@hmi/domain';
import { delayAfter, type DelayRule, type RateLimiter, type RateRule } from '../verification/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Bind attempts of a team, whatever their answer (docs/api.md, Bind). */
export const BIND_ATTEMPTS_PER_TEAM: RateRule = { max: 100, windowMs: 15 * MINUTE };
/** Unknown-SN answers (1028) per team and per client address: they tell which SNs exist. */
export const UNKNOWN_SN_PER_TEAM: RateRule = { max: 20, windowMs: HOUR };
/** Higher than per team: several teams may sit behind one address (a plant's NAT). */
export const UNKNOWN_SN_PER_ADDRESS: RateRule = { max: 50, windowMs: HOUR };

/** Wrong PINs on one SN, from any team, that are checked without delay... */
export const PIN_FREE_FAILURES = 10;
/** ...within this window (a failure is forgotten after it)... */
export const PIN_FAILURE_WINDOW_MS = 24 * HOUR;
/** ...then each further PIN check waits this long after the latest failure, doubled per failure... */
export const PIN_FIRST_DELAY_MS = MINUTE;
/** ...up to this: a stranger's guesses delay the owner at most this long, never lock them out. */
export const PIN_MAX_DELAY_MS = HOUR;

const KIND = {
  team: 'device-bind',
  unknownByTeam: 'device-bind-unknown-sn:team',
  unknownByAddress: 'device-bind-unknown-sn:ip',
  pinFailure: 'device-bind-pin-failure',
} as const;

/** The PIN delays as a rule of the shared limiter. */
const PIN_DELAYS: DelayRule = {
  free: PIN_FREE_FAILURES,
  windowMs: PIN_FAILURE_WINDOW_MS,
  firstDelayMs: PIN_FIRST_DELAY_MS,
  maxDelayMs: PIN_MAX_DELAY_MS,
};

/** How long a PIN check on an SN with `failures` recent wrong PINs waits after the latest one. */
export const pinDelayMs = (failures: number): number => delayAfter(failures, PIN_DELAYS);

/**
 * Limits of POST /device/bind against PIN guessing and SN probing, counted in rate_events (so
 * they hold across restarts and servers). Slots are taken before the check they guard and given
 * back when they turn out not to count, so a burst of concurrent requests cannot slip under a
 * limit together.
 */
export class BindThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Before the SN lookup: the team's attempts, then the unknown-SN caps of the team and the
   * address (1036). Those caps are checked before the lookup so that once reached no answer
   * tells a known SN from an unknown one. Returns what to call when the SN turns out to exist
   * (the reserved unknown-SN slots are given back).
   */
  async beforeLookup(teamId: number, ip: string): Promise<() => Promise<void>> {
    const code = ErrorCode.E1036_TOO_FREQUENT;
    await this.limiter.consume(KIND.team, String(teamId), [BIND_ATTEMPTS_PER_TEAM], code);
    const team = await this.limiter.consume(KIND.unknownByTeam, String(teamId), [UNKNOWN_SN_PER_TEAM], code);
    try {
      const address = await this.limiter.consume(KIND.unknownByAddress, ip, [UNKNOWN_SN_PER_ADDRESS], code);
      return () => this.limiter.forget([team, address]);
    } catch (err) {
      await this.limiter.forget([team]);
      throw err;
    }
  }

  /**
   * Checks a PIN of a known SN through `verify`, unless the SN's recent wrong PINs (from any team)
   * ask for a delay: then 1036 without checking, right PIN or not. Only a wrong PIN counts: the
   * owner binding with the right one after the delay succeeds.
   */
  async checkPin(sn: string, verify: () => Promise<boolean>): Promise<boolean> {
    const slots = await this.limiter.failureSlots(
      [{ kind: KIND.pinFailure, subject: sn, rule: PIN_DELAYS }],
      ErrorCode.E1036_TOO_FREQUENT,
    );
    let right: boolean;
    try {
      right = await verify();
    } catch (err) {
      await this.limiter.forget(slots);
      throw err;
    }
    if (right) await this.limiter.forget(slots);
    return right;
  }
}
