import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Devices per statement (bound parameters stay far below every engine's limit). */
const CHUNK = 500;

/**
 * Everything recorded for a device during a binding, keyed by the device alone: its history
 * (frames, staged frames, minute rollups), last values, ingest drops, tag writes, online history
 * and the monitor points its team added. A binding is a wall between owners (docs/architecture.md, "Bindings"):
 * these rows are deleted when a binding ends and again when one begins. Alarm records and
 * messages are the team's own log (keyed by team too) and stay with the team that recorded them.
 */
export const DEVICE_DATA_TABLES = [
  'history_frames',
  'history_recent',
  'history_1m',
  'tag_last_values',
  'ingest_drops',
  'tag_writes',
  'device_connection_events',
  'monitor_points',
] as const;

export class DeviceDataRepo {
  /** Deletes what `DEVICE_DATA_TABLES` hold of these devices; the number of rows deleted per table. */
  async purge(ids: readonly number[], db: Db): Promise<Record<(typeof DEVICE_DATA_TABLES)[number], number>> {
    const deleted = Object.fromEntries(DEVICE_DATA_TABLES.map((t) => [t, 0])) as Record<
      (typeof DEVICE_DATA_TABLES)[number],
      number
    >;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      for (const table of DEVICE_DATA_TABLES) {
        const r = await db.deleteFrom(table).where('device_id', 'in', chunk).executeTakeFirst();
        deleted[table] += Number(r.numDeletedRows);
      }
    }
    return deleted;
  }
}
