import { sql, type Kysely } from 'kysely';

/**
 * Index for the control panel (bench/control-panel.ts): the open alarm records of a team, newest
 * first. alarm_records keeps every raise for good, so the team's (team_id, raised_at) index would
 * walk the whole alarm history to find the few open ones; this partial index holds only the open
 * records (recovered_at null), the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('alarm_records_team_open_idx')
    .on('alarm_records')
    .columns(['team_id', 'raised_at'])
    .where(sql.ref('recovered_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alarm_records_team_open_idx').execute();
}
