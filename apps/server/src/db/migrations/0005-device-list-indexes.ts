import type { Kysely } from 'kysely';

/**
 * Indexes for the device list of a team of 10,000 devices (bench/device-list.ts).
 *
 * - devices_team_list_idx holds every column the list filters on besides labels (team, name,
 *   SN, online, sync state, group, template), so the count of a search with a filter (which
 *   must look at every device of the team, the pattern being `%text%`) reads this index alone
 *   instead of looking up each device row, and the page in name order evaluates the filter
 *   before it reads a row. On SQLite that halved the count of a search + sync-state filter.
 * - devices_team_online_name_idx serves an online filter (or the online sort with one) read in
 *   name order without sorting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('devices_team_list_idx')
    .on('devices')
    .columns(['team_id', 'name', 'sn', 'online', 'sync_state', 'group_id', 'template_id'])
    .execute();
  await db.schema
    .createIndex('devices_team_online_name_idx')
    .on('devices')
    .columns(['team_id', 'online', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('devices_team_online_name_idx').execute();
  await db.schema.dropIndex('devices_team_list_idx').execute();
}
