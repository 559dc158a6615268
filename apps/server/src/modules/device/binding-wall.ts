import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { DeviceConnectionService } from '../device-connection/index.ts';
import type { HistoryStore } from '../history-store/index.ts';
import type { DeviceDataRepo } from './device-data.repo.ts';

/** The devices a bind or unbind changes. */
export interface BindingChange {
  deviceIds: readonly number[];
  sns: readonly string[];
  /** The team the devices now belong to (null: unbound). */
  teamId: number | null;
}

/**
 * A binding is a wall between owners: whatever was recorded for a device during one binding is
 * never seen in another (docs/architecture.md, "Bindings"). Every bind and unbind runs through
 * `change`: in one transaction the caller's change of the devices rows and the purge of what
 * they recorded (the history store's tables, `HistoryStore.purge`, and the others,
 * `DeviceDataRepo`), inside the history store's exclusive section so that no batch commit or
 * rollup flush puts any of it back; then what this server holds in memory of them is forgotten
 * and the bus tells ingest (read the device again) and the alarm engine (forget its state)
 * before the section ends.
 */
export class BindingWall {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
    private readonly history: HistoryStore,
    /** What the devices recorded outside the history store (their other tables). */
    private readonly data: DeviceDataRepo,
    private readonly connections: DeviceConnectionService,
  ) {}

  /** Commits `write` (the devices rows) with the purge of the devices' data, then tells the others. */
  async change<T>(change: BindingChange, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.history.exclusive(async () => {
      const result = await this.db.transaction().execute(async (trx) => {
        const value = await write(trx);
        await this.history.purge(change.deviceIds, trx);
        await this.data.purge(change.deviceIds, trx);
        // The new binding's online history starts with the devices online now.
        if (change.teamId !== null) await this.connections.onlineAtBind(change.deviceIds, Date.now(), trx);
        return value;
      });
      this.history.forget(change.deviceIds);
      this.bus.publish('device.binding', {
        deviceIds: [...change.deviceIds],
        sns: [...change.sns],
        teamId: change.teamId,
      });
      return result;
    });
  }
}
