import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Devices per statement (bound parameters stay far below every engine's limit). */
const CHUNK = 500;

/**
 * The history store's tables keyed by device: frames (stored and staged), minute rollups, last
 * values, ingest drops and tag writes. A binding is a wall between owners (docs/architecture.md,
 * "Bindings"): their rows of a device are deleted when a binding ends and again when one begins.
 */
export const HISTORY_TABLES = [
  'history_frames',
  'history_recent',
  'history_1m',
  'tag_last_values',
  'ingest_drops',
  'tag_writes',
] as const;

export type HistoryTable = (typeof HISTORY_TABLES)[number];

/** Deletes what `HISTORY_TABLES` hold of these devices; the number of rows deleted per table. */
export async function purgeHistory(ids: readonly number[], db: Db): Promise<Record<HistoryTable, number>> {
  const deleted = Object.fromEntries(HISTORY_TABLES.map((t) => [t, 0])) as Record<HistoryTable, number>;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    for (const table of HISTORY_TABLES) {
      const r = await db.deleteFrom(table).where('device_id', 'in', chunk).executeTakeFirst();
      deleted[table] += Number(r.numDeletedRows);
    }
  }
  return deleted;
}
