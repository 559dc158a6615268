/**
 * The verification module's public entry: codes and activation mails (registration, account)
 * and the sliding-window rate limiter counted in the database (binds, notify mails, addresses).
 */
export { VerificationService } from './verification.service.ts';
export {
  delayAfter,
  RateLimiter,
  type DelayRule,
  type DelaySubject,
  type RateRule,
} from './rate-limit.service.ts';
