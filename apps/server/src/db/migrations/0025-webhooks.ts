import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Webhooks (issue 29; docs/api.md, "Integrations: webhooks").
 *
 * - webhook_endpoints: a team's receivers: URL, format (json, slack, teams), the events it takes
 *   (JSON array), enabled; the signing secret sealed under a key derived from JWT_SECRET (the
 *   database alone cannot sign), its last 4 characters for the list; the failures in a row and
 *   since when, and when the server paused it (`paused_at`). `created_by` is told in the message
 *   centre when the endpoint is paused.
 * - webhook_deliveries: the outbox and the delivery log in one: one row per (endpoint, event id),
 *   unique, so enqueuing an event again is a no-op. Claimed for a lease like the mail outbox
 *   (0021: `claimed` with `claimed_until`), tried, then `delivered`, `failed` (gave up), or back to
 *   `pending` with `next_attempt_at` (exponential backoff). The last attempt's status, latency and
 *   the start of its answer (or its error) are kept for the log. `payload` is the event as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'bigint')
    .addColumn('paused_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_team_idx')
    .on('webhook_endpoints')
    .column('team_id')
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('status', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('excerpt', 'text')
    .addColumn('error', 'text')
    .addUniqueConstraint('webhook_deliveries_event_unique', ['endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
