import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RechargeRecordsTable } from '../../db/tables/billing.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices, catalogueTemplateTags } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a recharge record list is filtered by. */
export interface RecordFilter {
  type?: 'ca' | 'ra' | undefined;
  kind?: 'activation' | 'allocation' | 'expiry' | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** TAG allocations of devices and the recharge ledger (Kysely only). */
export class BillingLedgerRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The device of the caller's team and data scope, or undefined. */
  deviceInScope(scope: DataScope, deviceId: number, db: Db = this.db) {
    return db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'sn', 'name'])
      .where('id', '=', deviceId)
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** The device of the caller's team and data scope with what its TAG limit depends on. */
  quotaDeviceInScope(scope: DataScope, deviceId: number) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'team_id', 'template_id', 'tag_limit'])
      .where('id', '=', deviceId)
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** The TAGs of the device's template and its monitor points (of its current team). */
  async tagCounts(device: {
    id: number;
    team_id: number | null;
    template_id: number | null;
  }): Promise<{ template: number; points: number }> {
    const [template, points] = await Promise.all([
      device.template_id === null
        ? undefined
        : this.db
            .selectFrom(catalogueTemplateTags(this.db).as('template_tags'))
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('template_id', '=', device.template_id)
            .executeTakeFirst(),
      device.team_id === null
        ? undefined
        : this.db
            .selectFrom('monitor_points')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('device_id', '=', device.id)
            .where('team_id', '=', device.team_id)
            .executeTakeFirst(),
    ]);
    return { template: Number(template?.n ?? 0), points: Number(points?.n ?? 0) };
  }

  allocationOf(deviceId: number, db: Db = this.db) {
    return db
      .selectFrom('device_tag_allocations')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /** TAGs each card of the team funds now. */
  async allocatedByCard(teamId: number, db: Db = this.db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('device_tag_allocations')
      .innerJoin('cards', 'cards.id', 'device_tag_allocations.card_id')
      .select((eb) => [
        'device_tag_allocations.card_id',
        eb.fn.sum<number | string>('device_tag_allocations.tags').as('n'),
      ])
      .where('cards.team_id', '=', teamId)
      .groupBy('device_tag_allocations.card_id')
      .execute();
    return new Map(rows.map((r) => [r.card_id, Number(r.n)]));
  }

  /** Sets the device's allocation (one row per device: it stays with the device). */
  async upsertAllocation(
    a: { device_id: number; team_id: number; card_id: number; level: number; tags: number },
    now: number,
    db: Db,
  ): Promise<void> {
    await db
      .insertInto('device_tag_allocations')
      .values({ ...a, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('device_id').doUpdateSet({
          team_id: a.team_id,
          card_id: a.card_id,
          level: a.level,
          tags: a.tags,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** The allocations of the team's devices that the scope sees. */
  allocations(scope: DataScope) {
    return this.db
      .selectFrom('device_tag_allocations')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'device_tag_allocations.device_id')
      .select([
        'device_tag_allocations.device_id',
        'devices.name as device_name',
        'devices.sn',
        'device_tag_allocations.level',
        'device_tag_allocations.tags',
        'device_tag_allocations.card_id',
        'device_tag_allocations.updated_at',
      ])
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('device_tag_allocations.updated_at', 'desc')
      .execute();
  }

  async appendRecord(record: Insertable<RechargeRecordsTable>, db: Db): Promise<void> {
    await db.insertInto('recharge_records').values(record).execute();
  }

  private filtered(scope: DataScope, f: RecordFilter) {
    let q = this.db
      .selectFrom('recharge_records')
      .innerJoin('cards', 'cards.id', 'recharge_records.card_id')
      .leftJoin('users', 'users.id', 'recharge_records.user_id')
      // The device's name only where the caller's scope holds the device (records are team data).
      .leftJoin(catalogueDevices(this.db).as('devices'), (join) =>
        join
          .onRef('devices.id', '=', 'recharge_records.device_id')
          .on(inScope(scope, 'devices', 'devices.team_id', 'devices.id')),
      )
      .where('recharge_records.team_id', '=', scope.teamId);
    if (f.type) q = q.where('recharge_records.type', '=', f.type);
    if (f.kind) q = q.where('recharge_records.kind', '=', f.kind);
    if (f.from !== undefined) q = q.where('recharge_records.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('recharge_records.created_at', '<', f.to);
    return q;
  }

  /** A page of the team's records, newest first, and how many match (device names: `scope`'s). */
  async records(scope: DataScope, f: RecordFilter, page: { offset: number; limit: number }) {
    const [rows, total] = await Promise.all([
      this.filtered(scope, f)
        .select([
          'recharge_records.id',
          'recharge_records.kind',
          'recharge_records.type',
          'recharge_records.card_id',
          'cards.number as card_number',
          'recharge_records.device_id',
          'devices.name as device_name',
          'recharge_records.user_id',
          'users.name as user_name',
          'recharge_records.detail',
          'recharge_records.created_at',
        ])
        .orderBy('recharge_records.created_at', 'desc')
        .orderBy('recharge_records.id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.filtered(scope, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async userLang(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('lang')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.lang;
  }
}
