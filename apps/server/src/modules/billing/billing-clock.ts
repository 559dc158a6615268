/**
 * The billing module's clock: Date.now, unless a test moved it (`set`) to read a card's expiry
 * without waiting a year. Card status, activation, allowance, template locks and the billing
 * messages job all read it, so that they agree on what "now" is.
 */
export class BillingClock {
  private offsetMs = 0;

  /** The billing time now (a bound function: pass it as a `now` parameter). */
  readonly now = (): number => Date.now() + this.offsetMs;

  /** From now on the clock reads `at`, then goes on with real time (tests). */
  set(at: number): void {
    this.offsetMs = at - Date.now();
  }
}
