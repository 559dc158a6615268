import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Device, DevicesTable } from '../../db/tables/catalogue.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type DeviceRow = Device & { template_name: string | null };

export interface DeviceFilter {
  search?: string | undefined;
  /** Already expanded to the group's subtree. */
  groupIds?: readonly number[] | undefined;
  labelId?: number | undefined;
  online?: number | undefined;
  syncState?: number | undefined;
  /** 1 with an open alarm record of the device's team, 0 without. */
  alarm?: number | undefined;
  model?: string | undefined;
  templateId?: number | undefined;
}

export interface DeviceOrder {
  sort: 'name' | 'sn' | 'online' | 'created';
  order: 'asc' | 'desc';
}

/** Devices (Kysely only). Every query on team devices takes the caller's data scope. */
export class DeviceRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped(scope: DataScope, db: Db = this.db) {
    return db.selectFrom('devices').where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'));
  }

  private withTemplate(scope: DataScope, db: Db = this.db) {
    return this.scoped(scope, db)
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .selectAll('devices')
      .select('templates.name as template_name');
  }

  findBySn(sn: string, db: Db = this.db): Promise<Device | undefined> {
    return db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirst();
  }

  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<DeviceRow | undefined> {
    return this.withTemplate(scope, db).where('devices.id', '=', id).executeTakeFirst();
  }

  /** The devices among `ids` that the caller may touch. */
  findManyInScope(scope: DataScope, ids: readonly number[], db: Db = this.db): Promise<Device[]> {
    return this.scoped(scope, db).selectAll('devices').where('devices.id', 'in', ids).execute();
  }

  /** True when another device of the team has this name, compared case-insensitively. */
  async nameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('devices')
      .select('id')
      .where('team_id', '=', teamId)
      .where(sql<SqlBool>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Binds a registered device; 0 rows when another bind won the race. */
  async bind(id: number, values: Updateable<DevicesTable>, db: Db): Promise<boolean> {
    const result = await db
      .updateTable('devices')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', id)
      .where('team_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async update(teamId: number, ids: readonly number[], values: Updateable<DevicesTable>, db: Db = this.db) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('devices')
        .set({ ...values, updated_at: Date.now() })
        .where('team_id', '=', teamId)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }

  /** Releases devices from the team (their open alarm records close); their registration (SN, secret) stays. */
  async release(teamId: number, ids: readonly number[], db: Db): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await db.deleteFrom('device_labels').where('device_id', 'in', chunk).execute();
      await db
        .updateTable('devices')
        .set({
          team_id: null,
          name: null,
          group_id: null,
          template_id: null,
          address: '',
          remark: '',
          sync_state: 0,
          acked_version: 0,
          bind_type: 0,
          bound_at: null,
          updated_at: Date.now(),
        })
        .where('team_id', '=', teamId)
        .where('id', 'in', chunk)
        .execute();
      // Open alarms of a device that leaves the team can no longer recover by value: close them.
      const now = Date.now();
      await db
        .updateTable('alarm_records')
        .set({ state: 4, recovered_at: now })
        .where('team_id', '=', teamId)
        .where('device_id', 'in', chunk)
        .where('recovered_at', 'is', null)
        .execute();
    }
  }

  /** One page of the device list and the number of matching devices (two queries). */
  async page(
    scope: DataScope,
    filter: DeviceFilter,
    order: DeviceOrder,
    page: { offset: number; limit: number },
  ): Promise<{ rows: DeviceRow[]; total: number }> {
    let q = this.scoped(scope);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      q = q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(${sql.ref('devices.name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${sql.ref('devices.sn')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (filter.groupIds) {
      const ids = filter.groupIds;
      q = ids.length === 0 ? q.where(sql<SqlBool>`1 = 0`) : q.where('devices.group_id', 'in', ids);
    }
    if (filter.labelId !== undefined) {
      const labelId = filter.labelId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('device_labels')
            .select('device_labels.device_id')
            .whereRef('device_labels.device_id', '=', 'devices.id')
            .where('device_labels.label_id', '=', labelId),
        ),
      );
    }
    if (filter.online !== undefined) q = q.where('devices.online', '=', filter.online);
    if (filter.syncState !== undefined) q = q.where('devices.sync_state', '=', filter.syncState);
    if (filter.alarm !== undefined) {
      const open = (eb: ExpressionBuilder<Database, 'devices'>) =>
        eb.exists(
          eb
            .selectFrom('alarm_records')
            .select('alarm_records.id')
            .whereRef('alarm_records.device_id', '=', 'devices.id')
            .whereRef('alarm_records.team_id', '=', 'devices.team_id')
            .where('alarm_records.recovered_at', 'is', null),
        );
      q = q.where((eb) => (filter.alarm === 1 ? open(eb) : eb.not(open(eb))));
    }
    if (filter.model) q = q.where('devices.model', '=', filter.model);
    if (filter.templateId !== undefined) q = q.where('devices.template_id', '=', filter.templateId);

    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const column = {
      name: 'devices.name',
      sn: 'devices.sn',
      online: 'devices.online',
      created: 'devices.created_at',
    } as const;
    let rows = q
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .selectAll('devices')
      .select('templates.name as template_name')
      .orderBy(column[order.sort], order.order);
    if (order.sort === 'online') rows = rows.orderBy('devices.name', 'asc');
    const list = await rows
      .orderBy('devices.id', order.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: list, total: Number(total.n) };
  }

  /** Device summary of the caller's devices. */
  async overview(scope: DataScope): Promise<{ total: number; online: number; last: number | null }> {
    const row = await this.scoped(scope)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('devices.online').as('online'),
        eb.fn.max('devices.last_seen_at').as('last'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total),
      online: Number(row.online ?? 0),
      last: row.last === null || row.last === undefined ? null : Number(row.last),
    };
  }

  /** The caller's devices with an open alarm record of their current team. */
  async alarmingCount(scope: DataScope): Promise<number> {
    const row = await this.scoped(scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('alarm_records')
            .select('alarm_records.id')
            .whereRef('alarm_records.device_id', '=', 'devices.id')
            .whereRef('alarm_records.team_id', '=', 'devices.team_id')
            .where('alarm_records.recovered_at', 'is', null),
        ),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
