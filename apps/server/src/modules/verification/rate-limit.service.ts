import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';

export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * Growing delays after failures (wrong PINs, wrong card passwords): the first `free` failures
 * within `windowMs` are checked at once; after that an attempt is checked only once a delay has
 * passed since the latest failure: `firstDelayMs`, doubled with each further failure, at most
 * `maxDelayMs`. Failures are forgotten after `windowMs`: the delay ends by itself.
 */
export interface DelayRule {
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** How long an attempt waits after the latest of `failures` recent failures. */
export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.firstDelayMs * 2 ** (failures - rule.free), rule.maxDelayMs);
}

/** One subject whose failures delay its attempts (e.g. an account, a client address, an SN). */
export interface DelaySubject {
  kind: string;
  subject: string;
  rule: DelayRule;
}

/**
 * Sliding-window limits over counted events (codes sent, mails sent, bind attempts...), kept in
 * rate_events so they hold across restarts and across servers. `now` is the clock (tests pass a
 * controllable one).
 */
type Db = Kysely<Database> | Transaction<Database>;

export class RateLimiter {
  /** On PostgreSQL the ids of concurrent inserts are not in commit order (see consume). */
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    readonly now: () => number = Date.now,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Counts one event for (kind, subject) unless `max` events are already in a rule's window: then
   * it throws AppError(code) and counts nothing. The event is written first and only the events
   * written before it are counted, so of a burst of concurrent calls exactly the first ones up
   * to the limit pass (each would otherwise read the same count and all slip under it).
   * Returns the event's id (see `forget`). One transaction: a refused event is rolled back. On
   * PostgreSQL an id is drawn before its insert commits, so a later event could count before an
   * earlier one is visible (8 concurrent invitations sent two mails): there the calls of one
   * (kind, subject) take turns on a transaction-scoped advisory lock. SQLite writes one at a time.
   */
  async consume(kind: string, subject: string, rules: readonly RateRule[], code: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (this.postgres)
        await sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${subject}`}))`.execute(trx);
      const id = await this.record(kind, subject, trx);
      for (const rule of rules) {
        if ((await this.recent(kind, subject, rule.windowMs, id, trx)).count >= rule.max)
          throw new AppError(code, { retry_after_ms: rule.windowMs });
      }
      return id;
    });
  }

  /**
   * Before checking a secret: takes a failure slot for each subject, counted as a failure until
   * the attempt proves right (so the checks of a concurrent burst see the ones before them),
   * unless a subject's recent failures ask for a delay: then every slot is given back and
   * AppError(code, { retry_after_ms }) is thrown. Returns the slots: `forget` them when the
   * secret was right (only failures count).
   */
  async failureSlots(subjects: readonly DelaySubject[], code: number): Promise<number[]> {
    const slots: number[] = [];
    let waitMs = 0;
    for (const { kind, subject, rule } of subjects) {
      const slot = await this.record(kind, subject);
      slots.push(slot);
      const earlier = await this.recent(kind, subject, rule.windowMs, slot);
      if (earlier.last !== null) {
        waitMs = Math.max(waitMs, earlier.last + delayAfter(earlier.count, rule) - this.now());
      }
    }
    if (waitMs > 0) {
      await this.forget(slots);
      throw new AppError(code, { retry_after_ms: waitMs });
    }
    return slots;
  }

  /** Writes one event now; returns its id. */
  async record(kind: string, subject: string, db: Db = this.db): Promise<number> {
    const row = await db
      .insertInto('rate_events')
      .values({ kind, subject, created_at: this.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Takes events back (an attempt that turned out not to count). */
  async forget(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('rate_events').where('id', 'in', ids).execute();
  }

  async count(kind: string, subject: string, windowMs: number): Promise<number> {
    return (await this.recent(kind, subject, windowMs)).count;
  }

  /** The events of (kind, subject) in the last windowMs (written before event `beforeId`): how many, the latest time. */
  async recent(
    kind: string,
    subject: string,
    windowMs: number,
    beforeId?: number,
    db: Db = this.db,
  ): Promise<{ count: number; last: number | null }> {
    let query = db
      .selectFrom('rate_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('created_at', '>', this.now() - windowMs);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const row = await query.executeTakeFirstOrThrow();
    return { count: Number(row.n), last: row.last === null ? null : Number(row.last) };
  }
}
