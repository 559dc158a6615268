import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the control panel (bench/control-panel.ts), the same on SQLite and PostgreSQL.
 *
 * - alarm_records_team_open_idx: the open records of a team (recovered_at null), newest first.
 *   alarm_records keeps every raise for good, so the team's (team_id, raised_at) index walks the
 *   whole history to find the few open ones; this partial index holds only those, with the
 *   device, level and recovered_at so the counts by level and the devices in alarm read no record row
 *   (SQLite counts an index as covering only when it holds every column the query names).
 * - alarm_records_team_raised_device_idx: the "most alarms in 24 h / 7 days" sums read device and
 *   times beside team and time, no record row.
 * - devices_team_offline_seen_idx: the offline devices of a team by last seen, longest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('alarm_records_team_open_idx')
    .on('alarm_records')
    .columns(['team_id', 'raised_at', 'device_id', 'level', 'recovered_at'])
    .where(sql.ref('recovered_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alarm_records_team_raised_device_idx')
    .on('alarm_records')
    .columns(['team_id', 'raised_at', 'device_id', 'times'])
    .execute();
  await db.schema
    .createIndex('devices_team_offline_seen_idx')
    .on('devices')
    .columns(['team_id', 'online', 'last_seen_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('devices_team_offline_seen_idx').execute();
  await db.schema.dropIndex('alarm_records_team_raised_device_idx').execute();
  await db.schema.dropIndex('alarm_records_team_open_idx').execute();
}
