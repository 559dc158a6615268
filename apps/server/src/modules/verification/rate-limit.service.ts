import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';

export interface RateRule {
  max: number;
  windowMs: number;
}

/** Sliding-window limits over counted events (codes sent, mails sent...), kept in rate_events. */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /** Throws AppError(code) when any rule is already reached for (kind, subject); else counts one event. */
  async consume(kind: string, subject: string, rules: readonly RateRule[], code: number): Promise<void> {
    const now = Date.now();
    for (const rule of rules) {
      const row = await this.db
        .selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where('subject', '=', subject)
        .where('created_at', '>', now - rule.windowMs)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= rule.max) throw new AppError(code, { retry_after_ms: rule.windowMs });
    }
    await this.db.insertInto('rate_events').values({ kind, subject, created_at: now }).execute();
  }
}
