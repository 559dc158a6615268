import { sql, type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * The mail outbox (docs/architecture.md, "Scale-out: side effects exactly once"; issue 27).
 *
 * - mail_outbox: one row per mail that must go out, written in the transaction that commits its
 *   cause (an alarm record's messages), so a mail exists exactly when its cause committed. The
 *   unique (kind, alarm_record_id, user_id) makes writing it again a no-op. Every server claims
 *   due rows (`pending`, or `claimed` with `claimed_until` past: the claimer died) for a lease,
 *   sends, and marks them `sent`, `failed` or `dropped` (`finished_at`); `attempts` counts the
 *   claims. `payload` is JSON: the facts the mail is rendered from.
 * - notify_deliveries: at most one alarm delivery per (user, record, kind), which the mailer
 *   always meant (a mail was tried only when none was logged) but two servers racing could
 *   break. Rows that already break it (double sends of such races) keep their first attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('alarm_record_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('error', 'text')
    .addUniqueConstraint('mail_outbox_key_unique', ['kind', 'alarm_record_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['state', 'claimed_until'])
    .execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();

  await sql`
    delete from notify_deliveries
    where alarm_record_id is not null
      and id not in (
        select min(id) from notify_deliveries
        where alarm_record_id is not null
        group by user_id, alarm_record_id, kind
      )`.execute(db);
  await db.schema
    .createIndex('notify_deliveries_alarm_unique')
    .on('notify_deliveries')
    .columns(['user_id', 'alarm_record_id', 'kind'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notify_deliveries_alarm_unique').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
