import type { DeviceConnectionReason } from '@hmi/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices, setAllOffline } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ConnectionEventRow {
  id: number;
  device_id: number;
  online: number;
  reason: DeviceConnectionReason;
  at: number;
}

/** The online history of devices (`device_connection_events`, migration 0008); Kysely only. */
export class DeviceConnectionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(deviceId: number, online: 0 | 1, reason: DeviceConnectionReason, at: number): Promise<void> {
    await this.db
      .insertInto('device_connection_events')
      .values({ device_id: deviceId, online, reason, at })
      .execute();
  }

  latest(deviceId: number): Promise<ConnectionEventRow | undefined> {
    return this.db
      .selectFrom('device_connection_events')
      .select(['id', 'device_id', 'online', 'reason', 'at'])
      .where('device_id', '=', deviceId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async setReason(id: number, reason: DeviceConnectionReason): Promise<void> {
    await this.db.updateTable('device_connection_events').set({ reason }).where('id', '=', id).execute();
  }

  /** Deletes all but the newest `keep` events of a device. */
  async trim(deviceId: number, keep: number): Promise<void> {
    await this.db
      .deleteFrom('device_connection_events')
      .where('device_id', '=', deviceId)
      .where('id', '<=', (eb) =>
        eb
          .selectFrom('device_connection_events')
          .select('id')
          .where('device_id', '=', deviceId)
          .orderBy('id', 'desc')
          .limit(1)
          .offset(keep),
      )
      .execute();
  }

  /**
   * An offline event (`reason`) for every bound device still marked online, then marks every
   * device offline: what start-up does when no device can be connected yet.
   */
  async allOffline(reason: DeviceConnectionReason, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.eventForOnline({ online: 0, reason, at }, null, trx);
      await setAllOffline(trx);
    });
  }

  /**
   * A binding begins (after the purge of the previous one's rows): its history starts with an
   * online event for each of these devices that is online now.
   */
  async onlineAtBind(deviceIds: readonly number[], at: number, db: Db): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.eventForOnline({ online: 1, reason: 'bound', at }, deviceIds, db);
  }

  /** One event for each bound device marked online now (of `deviceIds`; null: of all), in one statement. */
  private async eventForOnline(
    event: { online: 0 | 1; reason: DeviceConnectionReason; at: number },
    deviceIds: readonly number[] | null,
    db: Db,
  ): Promise<void> {
    await db
      .insertInto('device_connection_events')
      .columns(['device_id', 'online', 'reason', 'at'])
      .expression((eb) => {
        let online = eb
          .selectFrom(catalogueDevices(this.db).as('devices'))
          .select((s) => [
            'devices.id',
            s.lit(event.online).as('online'),
            // Typed casts: PostgreSQL cannot infer a parameter's type in a select list.
            sql<string>`cast(${event.reason} as text)`.as('reason'),
            sql<number>`cast(${event.at} as bigint)`.as('at'),
          ])
          .where('devices.online', '=', 1)
          .where('devices.team_id', 'is not', null);
        if (deviceIds) online = online.where('devices.id', 'in', [...deviceIds]);
        return online;
      })
      .execute();
  }

  /** The id of a device in the caller's team and device data permissions. */
  async deviceInScope(scope: DataScope, id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select('devices.id')
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .where('devices.id', '=', id)
      .executeTakeFirst();
    return row?.id;
  }

  /** A page of a device's events, newest first, and how many it has. */
  async page(deviceId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('device_connection_events')
        .select(['id', 'device_id', 'online', 'reason', 'at'])
        .where('device_id', '=', deviceId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('device_connection_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
