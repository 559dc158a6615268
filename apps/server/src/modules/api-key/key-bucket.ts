/**
 * Calls per key: a token bucket per key and server, refilled at `rate` a second up to `burst`.
 * Kept in memory: with N servers a key gets at most N times the rate (docs/api.md).
 */
export class KeyBuckets {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Takes a call; the milliseconds to wait when none is left (0: allowed). */
  take(keyId: number, now = Date.now()): number {
    const b = this.buckets.get(keyId) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.rate);
    b.at = now;
    this.buckets.set(keyId, b);
    if (this.buckets.size > 100_000) this.buckets.clear();
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) / this.rate) * 1000);
  }
}
