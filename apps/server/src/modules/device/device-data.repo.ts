import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HISTORY_TABLES } from '../history-store/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Devices per statement (bound parameters stay far below every engine's limit). */
const CHUNK = 500;

/**
 * What a binding recorded outside the history store: its online history, the monitor points its
 * team added, its remote sessions (who opened them, when, bytes: the next owner never reads
 * them; the tunnels themselves end on the 'device.binding' event).
 */
const BINDING_TABLES = ['device_connection_events', 'monitor_points', 'remote_sessions'] as const;

/**
 * Everything recorded for a device during a binding, keyed by the device alone: the history
 * store's tables (frames, staged frames, minute rollups, last values, ingest drops, tag writes;
 * `HistoryStore.purge`) and `BINDING_TABLES` (online history, monitor points, remote sessions). A binding is a
 * wall between owners (docs/architecture.md, "Bindings"): these rows are deleted when a binding
 * ends and again when one begins. Alarm records and messages are the team's own log (keyed by
 * team too) and stay with the team that recorded them.
 */
export const DEVICE_DATA_TABLES = [...HISTORY_TABLES, ...BINDING_TABLES] as const;

export class DeviceDataRepo {
  /** Deletes what `BINDING_TABLES` hold of these devices (the history store purges its own). */
  async purge(ids: readonly number[], db: Db): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      for (const table of BINDING_TABLES)
        await db.deleteFrom(table).where('device_id', 'in', chunk).execute();
    }
  }
}
