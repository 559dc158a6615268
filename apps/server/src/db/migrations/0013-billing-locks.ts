import type { Kysely } from 'kysely';

/**
 * Billing (part 2: locks, billing messages, TAG enforcement). 0012 is Remote Access traffic
 * (another branch); this one touches nothing of it.
 *
 * - billing_events: one row per billing event that was announced (a card expiring in 30 days,
 *   in 7 days, expired). The unique (card_id, event) is the "exactly once" of the billing
 *   messages job: the server whose insert wins posts the messages, in the same transaction.
 * - ingest_drops gets two counters: values of devices whose template is locked
 *   (template_locked) and values of tags beyond the device's TAG allocation (tag_quota).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_events')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** 'expiring30' | 'expiring7' | 'expired' */
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_events_pk', ['card_id', 'event'])
    .execute();
  await db.schema
    .alterTable('ingest_drops')
    .addColumn('template_locked', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ingest_drops')
    .addColumn('tag_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ingest_drops').dropColumn('tag_quota').execute();
  await db.schema.alterTable('ingest_drops').dropColumn('template_locked').execute();
  await db.schema.dropTable('billing_events').execute();
}
