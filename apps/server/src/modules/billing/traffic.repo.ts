import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An RA card allocated to a device, with its quota and dates. */
export interface DeviceCard {
  card_id: number;
  number: string;
  device_id: number;
  gigabytes: number;
  used_bytes: number;
  activated_at: number | null;
  expires_at: number | null;
  allocated_at: number;
}

/** RA card allocations and the per-device, per-month traffic ledger (Kysely only). */
export class TrafficRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** An RA card of the team (activated or not), with its batch's gigabytes. */
  raCardOfTeam(cardId: number, teamId: number, db: Db = this.db) {
    return db
      .selectFrom('cards')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .select([
        'cards.id',
        'cards.number',
        'cards.activated_at',
        'cards.expires_at',
        'card_batches.gigabytes',
      ])
      .where('cards.id', '=', cardId)
      .where('cards.team_id', '=', teamId)
      .where('cards.type', '=', 'ra')
      .executeTakeFirst();
  }

  allocationOfCard(cardId: number, db: Db = this.db) {
    return db.selectFrom('ra_card_allocations').selectAll().where('card_id', '=', cardId).executeTakeFirst();
  }

  /** Allocates the card unless it is allocated already (to anyone): true when this call did. */
  async insertAllocation(
    a: { card_id: number; device_id: number; team_id: number; allocated_by: number },
    now: number,
    db: Db,
  ): Promise<boolean> {
    const result = await db
      .insertInto('ra_card_allocations')
      .values({ ...a, used_bytes: 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('card_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The bound devices of the scope with their row of `month` (nulls: none). */
  monthOfScope(scope: DataScope, month: string) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .leftJoin('device_traffic', (j) =>
        j.onRef('device_traffic.device_id', '=', 'devices.id').on('device_traffic.month', '=', month),
      )
      .select([
        'devices.id',
        'devices.name',
        'device_traffic.bytes_up',
        'device_traffic.bytes_down',
        'device_traffic.on_at',
        'device_traffic.confirmed_12g_at',
      ])
      .where('devices.team_id', 'is not', null)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('devices.id')
      .execute();
  }

  /** The device's RA cards, expiring first first. */
  deviceCards(deviceId: number, db: Db = this.db): Promise<DeviceCard[]> {
    return db
      .selectFrom('ra_card_allocations')
      .innerJoin('cards', 'cards.id', 'ra_card_allocations.card_id')
      .innerJoin('card_batches', 'card_batches.id', 'cards.batch_id')
      .select([
        'ra_card_allocations.card_id',
        'cards.number',
        'ra_card_allocations.device_id',
        'card_batches.gigabytes',
        'ra_card_allocations.used_bytes',
        'cards.activated_at',
        'cards.expires_at',
        'ra_card_allocations.created_at as allocated_at',
      ])
      .where('ra_card_allocations.device_id', '=', deviceId)
      .orderBy('cards.expires_at')
      .orderBy('ra_card_allocations.card_id')
      .execute();
  }

  /** `select ... for update` of the device's allocations (PostgreSQL: serialises charges). */
  async lockDeviceCards(deviceId: number, db: Transaction<Database>): Promise<void> {
    await db
      .selectFrom('ra_card_allocations')
      .select('card_id')
      .where('device_id', '=', deviceId)
      .orderBy('card_id')
      .forUpdate()
      .execute();
  }

  async chargeCard(cardId: number, bytes: number, now: number, db: Db): Promise<void> {
    await db
      .updateTable('ra_card_allocations')
      .set({ used_bytes: sql`used_bytes + ${bytes}`, updated_at: now })
      .where('card_id', '=', cardId)
      .execute();
  }

  /** Adds to the device's month in one statement (an upsert increment: no report is lost). */
  async addUsage(deviceId: number, month: string, up: number, down: number, now: number, db: Db) {
    await db
      .insertInto('device_traffic')
      .values({ device_id: deviceId, month, bytes_up: up, bytes_down: down, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['device_id', 'month']).doUpdateSet({
          bytes_up: sql`device_traffic.bytes_up + excluded.bytes_up`,
          bytes_down: sql`device_traffic.bytes_down + excluded.bytes_down`,
          updated_at: now,
        }),
      )
      .execute();
  }

  monthOf(deviceId: number, month: string, db: Db = this.db) {
    return db
      .selectFrom('device_traffic')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('month', '=', month)
      .executeTakeFirst();
  }

  /** The device's months (or one), newest first. */
  months(deviceId: number, month?: string, db: Db = this.db) {
    let q = db.selectFrom('device_traffic').selectAll().where('device_id', '=', deviceId);
    if (month !== undefined) q = q.where('month', '=', month);
    return q.orderBy('month', 'desc').execute();
  }

  /** Turns the month on (kept as is when on already). */
  async setOn(deviceId: number, month: string, userId: number | null, now: number, db: Db): Promise<void> {
    await db
      .insertInto('device_traffic')
      .values({ device_id: deviceId, month, on_at: now, on_by: userId, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['device_id', 'month']).doUpdateSet({
          on_at: sql`coalesce(device_traffic.on_at, excluded.on_at)`,
          on_by: sql`coalesce(device_traffic.on_by, excluded.on_by)`,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Turns a month off (the service checks the month may be). */
  async setOff(deviceId: number, month: string, now: number, db: Db): Promise<void> {
    await db
      .updateTable('device_traffic')
      .set({ on_at: null, on_by: null, updated_at: now })
      .where('device_id', '=', deviceId)
      .where('month', '=', month)
      .execute();
  }

  /** Keeps the first answer to the month's 12G prompt. */
  async confirm12g(deviceId: number, month: string, now: number, db: Db): Promise<void> {
    await db
      .updateTable('device_traffic')
      .set({ confirmed_12g_at: now, updated_at: now })
      .where('device_id', '=', deviceId)
      .where('month', '=', month)
      .where('confirmed_12g_at', 'is', null)
      .execute();
  }
}
