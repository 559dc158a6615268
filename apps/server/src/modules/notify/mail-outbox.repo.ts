import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailOutboxTable } from '../../db/tables/notify.ts';
import type { AlarmMailFacts, AlarmMailIntent, AlarmMailOutbox } from '../alarm/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A claimed outbox row, its payload parsed. */
export interface OutboxMail {
  id: number;
  teamId: number;
  userId: number;
  kind: 'alarm' | 'digest';
  recordId: number;
  facts: AlarmMailFacts;
  /** Claims so far, this one included. */
  attempts: number;
}

/** How a claimed mail ended: sent, failed (logged with its error), dropped (no recipient any more). */
export type OutboxOutcome =
  { state: 'sent' } | { state: 'failed'; error: string } | { state: 'dropped'; error: string };

/** Whether a user wants the mails of an alarm level: an address, and the level in their mail levels. */
export const wantsAlarmMail = (
  u: { email: string | null; alarm_mail_levels: number },
  level: number,
): boolean => u.email !== null && u.email !== '' && (Number(u.alarm_mail_levels) & level) !== 0;

const toMail = (r: Selectable<MailOutboxTable>): OutboxMail => ({
  id: Number(r.id),
  teamId: Number(r.team_id),
  userId: Number(r.user_id),
  kind: r.kind,
  recordId: Number(r.alarm_record_id),
  facts: JSON.parse(r.payload) as AlarmMailFacts,
  attempts: Number(r.attempts),
});

/**
 * The mail outbox (migration 0021): rows written with their cause, claimed for a lease by any
 * server's mailer, marked when done. On PostgreSQL a claim selects `for update skip locked` in
 * its transaction, so concurrent claimers take disjoint rows without waiting on each other; on
 * SQLite (one server, one writer) the claim is one `update ... returning`, atomic by itself.
 */
export class MailOutboxRepo implements AlarmMailOutbox {
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * The mails of an alarm intent, in the caller's transaction: one per named user of the team
   * who is active and wants the level (read in the same transaction as the messages, so the
   * mails follow the same view of the users). Returns how many rows were added: a mail that is
   * in the outbox already (the same kind, record and user) is not added again.
   */
  async add(db: Db, intent: AlarmMailIntent): Promise<number> {
    if (intent.userIds.length === 0) return 0;
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'alarm_mail_levels'])
      .where('team_id', '=', intent.teamId)
      .where('status', '=', 'active')
      .where('id', 'in', [...new Set(intent.userIds)])
      .orderBy('id')
      .execute();
    const to = users.filter((u) => wantsAlarmMail(u, intent.level));
    if (to.length === 0) return 0;
    const payload = JSON.stringify(intent.facts);
    const now = this.now();
    const rows = await db
      .insertInto('mail_outbox')
      .values(
        to.map((u) => ({
          team_id: intent.teamId,
          user_id: u.id,
          kind: intent.kind,
          alarm_record_id: intent.recordId,
          payload,
          state: 'pending' as const,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['kind', 'alarm_record_id', 'user_id']).doNothing())
      .returning('id')
      .execute();
    return rows.length;
  }

  /**
   * Takes up to `limit` due mails for `leaseMs` in the name of `claimer`: those waiting, and
   * those whose claim ran out (their claimer died or hung mid-send). Oldest first.
   */
  async claim(claimer: string, limit: number, leaseMs: number): Promise<OutboxMail[]> {
    const now = this.now();
    const claimed = { state: 'claimed' as const, claimed_by: claimer, claimed_until: now + leaseMs };
    const due = (db: Db) =>
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'claimed'), eb('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit);
    if (!this.postgres) {
      const rows = await this.db
        .updateTable('mail_outbox')
        .set((eb) => ({ ...claimed, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due(this.db))
        .returningAll()
        .execute();
      return rows.map(toMail).sort((a, b) => a.id - b.id);
    }
    return this.db.transaction().execute(async (trx) => {
      const ids = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await trx
        .updateTable('mail_outbox')
        .set((eb) => ({ ...claimed, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .returningAll()
        .execute();
      return rows.map(toMail).sort((a, b) => a.id - b.id);
    });
  }

  /**
   * Marks a claimed mail done, and runs `log` in the same transaction (the delivery log), only
   * when no other claimer marked it first (a lease that ran out while this one was still
   * sending): the log keeps one row per mail whoever sent it. Returns whether this call marked it.
   */
  async finish(
    id: number,
    outcome: OutboxOutcome,
    log?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('mail_outbox')
        .set({
          state: outcome.state,
          error: outcome.state === 'sent' ? null : outcome.error.slice(0, 500),
          sent_at: outcome.state === 'sent' ? now : null,
          finished_at: now,
          claimed_until: null,
        })
        .where('id', '=', id)
        .where('state', '=', 'claimed')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      if (log) await log(trx);
      return true;
    });
  }

  /** Gives claimed mails back to the outbox at once (a server closing before it sent them). */
  async release(claimer: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        state: 'pending',
        claimed_by: null,
        claimed_until: null,
        attempts: eb('attempts', '-', 1),
      }))
      .where('id', 'in', [...ids])
      .where('state', '=', 'claimed')
      .where('claimed_by', '=', claimer)
      .execute();
  }

  /** Mails not finished yet (the outbox's backlog, every server's): waiting, and claimed by a mailer. */
  async backlog(): Promise<{ pending: number; claimed: number }> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select(['state', (eb) => eb.fn.countAll().as('n')])
      .where('state', 'in', ['pending', 'claimed'])
      .groupBy('state')
      .execute();
    const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { pending: count('pending'), claimed: count('claimed') };
  }

  /** Deletes finished mails older than `age` ms; returns how many. */
  async purge(ageMs: number): Promise<number> {
    const r = await this.db
      .deleteFrom('mail_outbox')
      .where('state', 'in', ['sent', 'failed', 'dropped'])
      .where('finished_at', '<', this.now() - ageMs)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
