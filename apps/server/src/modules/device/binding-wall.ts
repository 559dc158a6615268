import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../plugins/bus.ts';
import { DeviceConnectionRepo } from '../device-connection/device-connection.repo.ts';
import { historyMemory } from '../ingest/history-memory.ts';
import { DeviceDataRepo } from './device-data.repo.ts';

/** The history writer of this server, as the wall needs it (`HistoryWriter`). */
export interface HistoryGuard {
  /** Runs `fn` while no batch commits and no rollup flush runs. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Forgets what is pending in memory of these devices (open batch, rollups, last values, stage). */
  forgetDevices(deviceIds: readonly number[]): void;
}

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
 * they recorded (`DeviceDataRepo`), inside the history writer's exclusive section so that no
 * batch commit or rollup flush puts any of it back; then what this server holds in memory of
 * them is forgotten and the bus tells ingest (read the device again) and the alarm engine
 * (forget its state) before the section ends.
 */
export class BindingWall {
  private readonly data = new DeviceDataRepo();
  private readonly connections: DeviceConnectionRepo;
  private guard: HistoryGuard | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
  ) {
    this.connections = new DeviceConnectionRepo(db);
  }

  /** The history writer starts: changes run in its exclusive section. Returns a detach function. */
  attach(guard: HistoryGuard): () => void {
    this.guard = guard;
    return () => {
      if (this.guard === guard) this.guard = null;
    };
  }

  /** Commits `write` (the devices rows) with the purge of the devices' data, then tells the others. */
  async change<T>(change: BindingChange, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const run = async () => {
      const result = await this.db.transaction().execute(async (trx) => {
        const value = await write(trx);
        await this.data.purge(change.deviceIds, trx);
        // The new binding's online history starts with the devices online now.
        if (change.teamId !== null) await this.connections.onlineAtBind(change.deviceIds, Date.now(), trx);
        return value;
      });
      if (this.guard) this.guard.forgetDevices(change.deviceIds);
      else historyMemory(this.db).forgetDevices(change.deviceIds);
      this.bus.publish('device.binding', {
        deviceIds: [...change.deviceIds],
        sns: [...change.sns],
        teamId: change.teamId,
      });
      return result;
    };
    return this.guard ? this.guard.exclusive(run) : run();
  }
}
