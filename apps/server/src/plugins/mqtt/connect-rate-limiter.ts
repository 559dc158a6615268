export interface RateLimit {
  /** Most events allowed within the window; one more blocks the key. */
  limit: number;
  windowMs: number;
  /** How long a key stays blocked once it went over the limit. */
  blockMs: number;
}

/**
 * Counts events per key in a sliding window and blocks a key that goes over the limit for a
 * while. Used for the device reconnect flood rule (more than 15 connections a minute: refused
 * for 5 minutes) and for failed secrets. The clock is injected so tests need not wait.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();
  private operations = 0;

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while `key` is blocked. */
  isBlocked(key: string): boolean {
    const until = this.blockedUntil.get(key);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.blockedUntil.delete(key);
    return false;
  }

  /** Records one event; true when it went over the limit (the key is then blocked). */
  hit(key: string): boolean {
    const now = this.now();
    if (++this.operations % 1000 === 0) this.sweep(now);
    const since = now - this.rule.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    times.push(now);
    if (times.length > this.rule.limit) {
      this.hits.delete(key);
      this.blockedUntil.set(key, now + this.rule.blockMs);
      return true;
    }
    this.hits.set(key, times);
    return false;
  }

  /** Forgets expired windows and blocks, so that keys of departed devices do not pile up. */
  private sweep(now: number): void {
    const since = now - this.rule.windowMs;
    for (const [key, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(key);
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}
