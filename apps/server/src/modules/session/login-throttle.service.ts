import { ErrorCode } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { LoginAttemptRepo } from './login-throttle.repo.ts';

const TRUSTED_IP_MS = 30 * 24 * 3600 * 1000;

/**
 * Login throttling over a sliding window (default: 100 failures per hour).
 *
 * - Per IP: once an address has `limit` failures in the window, every login from it is refused
 *   (1036), whatever the account and even with the right password.
 * - Per account: once an account has `limit` failures in the window (from anywhere), logins to
 *   it are refused (1036) even with the right password, except from an address that signed in to
 *   that account successfully in the last 30 days. So a stranger hammering an account cannot keep
 *   its owner out from the owner's usual network, and the lock lifts by itself as failures age
 *   out of the window.
 * - Failures are never cleared by a success: the window alone forgets them.
 */
export class LoginThrottle {
  constructor(
    private readonly repo: LoginAttemptRepo,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Throws 1036 when this attempt must be refused before the password is even checked. */
  async check(account: string, ip: string): Promise<void> {
    const now = Date.now();
    const since = now - this.windowMs;
    if ((await this.repo.countFailures({ ip }, since)) >= this.limit) {
      throw new AppError(ErrorCode.E1036_TOO_FREQUENT);
    }
    if ((await this.repo.countFailures({ account }, since)) >= this.limit) {
      if (!(await this.repo.hasSucceeded(account, ip, now - TRUSTED_IP_MS))) {
        throw new AppError(ErrorCode.E1036_TOO_FREQUENT);
      }
    }
  }

  async failed(account: string, ip: string): Promise<void> {
    await this.repo.record({ account, ip, ok: false, at: Date.now() });
  }

  async succeeded(account: string, ip: string): Promise<void> {
    const now = Date.now();
    await this.repo.record({ account, ip, ok: true, at: now });
    // Housekeeping: nothing older than the trusted-address horizon is ever read.
    await this.repo.deleteOlderThan(now - TRUSTED_IP_MS);
  }
}
