import type { Kysely } from 'kysely';

/**
 * The comment a responder may leave when acknowledging an alarm (alarmAckBody.comment): kept
 * with the record, shown with it (alarm records, message centre). Null when none was given.
 * Numbered 0009: 0008 is taken by the device online history of a parallel branch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_records').addColumn('ack_comment', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_records').dropColumn('ack_comment').execute();
}
