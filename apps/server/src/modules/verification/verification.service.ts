import { createHmac } from 'node:crypto';
import { ErrorCode, Limits } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import { hmac, safeEqualHex, sixDigitCode } from '../../lib/crypto.ts';
import { textsFor, type CodePurpose } from '../../mail/mail-texts.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { LoginName } from '../users/index.ts';
import type { RateLimiter, RateRule } from './rate-limit.service.ts';
import type { VerificationRepo } from './verification.repo.ts';

const MINUTE = 60_000;
const TTL_MINUTES = Limits.verificationCodeTtlMs / MINUTE;

export interface CodeLimits {
  perDestination: readonly RateRule[];
}

/**
 * 1 code a minute and 10 a day per destination. The limit per client address is on the routes
 * that send codes (AddressLimits.codes): it must count before the account lookup.
 */
export const defaultCodeLimits: CodeLimits = {
  perDestination: [
    { max: 1, windowMs: MINUTE },
    { max: 10, windowMs: 24 * 60 * MINUTE },
  ],
};

const destinationOf = (to: LoginName) => to.key;

/**
 * Six-digit verification codes by SMS or mail: from the CSPRNG, stored as an HMAC, valid 10
 * minutes, single use, dead after 5 wrong attempts, throttled per destination (1036).
 */
export class VerificationService {
  private readonly key: Buffer;

  constructor(
    private readonly repo: VerificationRepo,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    secret: Uint8Array,
    private readonly limits: CodeLimits = defaultCodeLimits,
  ) {
    this.key = createHmac('sha256', secret).update('verification-codes').digest();
  }

  private hash(destination: string, purpose: CodePurpose, code: string) {
    return hmac(this.key, `${purpose}:${destination}:${code}`);
  }

  /** Sends a new code. 1036 when throttled; 1018 (SMS) or 1013 (mail) when it cannot be sent. */
  async send(to: LoginName, purpose: CodePurpose, lang: string | undefined): Promise<void> {
    const destination = destinationOf(to);
    await this.limiter.consume(
      'code:dest',
      destination,
      this.limits.perDestination,
      ErrorCode.E1036_TOO_FREQUENT,
    );
    const code = sixDigitCode();
    const now = Date.now();
    await this.repo.insert({
      destination,
      purpose,
      codeHash: this.hash(destination, purpose, code),
      now,
      expiresAt: now + Limits.verificationCodeTtlMs,
    });
    const texts = textsFor(lang);
    try {
      if (to.kind === 'phone') {
        await this.mailer.sendSms({
          to: destination,
          template: `verify_${purpose}`,
          params: { code, minutes: String(TTL_MINUTES) },
          text: texts.sms({ code, minutes: TTL_MINUTES, purpose }),
        });
      } else {
        await this.mailer.sendMail({ to: to.email, ...texts.code({ code, minutes: TTL_MINUTES, purpose }) });
      }
    } catch (err) {
      throw new AppError(
        to.kind === 'phone' ? ErrorCode.E1018_CODE_SEND_FAILED : ErrorCode.E1013_EMAIL_SEND_FAILED,
        null,
        err instanceof Error ? `Send failed: ${err.message}` : undefined,
      );
    }
  }

  /**
   * Consumes the latest code of a destination: 1016 none pending (never sent or already used),
   * 1017 too many wrong attempts (ask for a new code), 1022 expired, 1011 wrong.
   */
  async consume(to: LoginName, purpose: CodePurpose, code: string): Promise<void> {
    const destination = destinationOf(to);
    const row = await this.repo.latest(destination, purpose);
    const now = Date.now();
    if (!row || row.used_at !== null) throw new AppError(ErrorCode.E1016_PHONE_NOT_VERIFIED);
    if (row.attempts >= Limits.verificationCodeMaxAttempts)
      throw new AppError(ErrorCode.E1017_REGET_PHONE_CODE);
    if (row.expires_at <= now) throw new AppError(ErrorCode.E1022_CODE_EXPIRED);
    if (!safeEqualHex(row.code_hash, this.hash(destination, purpose, code.trim()))) {
      await this.repo.addAttempt(row.id);
      throw new AppError(ErrorCode.E1011_VERIFY_CODE_WRONG);
    }
    if (!(await this.repo.markUsed(row.id, now))) throw new AppError(ErrorCode.E1016_PHONE_NOT_VERIFIED);
  }
}
