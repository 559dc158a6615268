import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DeviceConnectionReason } from '@hmi/domain';
import type { Database } from '../../db/database.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices, catalogueTemplates } from '../device/index.ts';

const num = (v: number | string | bigint | null | undefined): number => (v == null ? 0 : Number(v));
/** How many of the newest connection events the fast path of recentChanges looks at. */
const RECENT_WINDOW = 300;
/** Extra rows of the top devices' sums, for winners that are no longer in the team. */
const SPARE = 10;
const numOrNull = (v: number | string | bigint | null | undefined): number | null =>
  v == null ? null : Number(v);

export interface DeviceCounts {
  total: number;
  online: number;
  outOfSync: number;
  outOfSyncTemplates: number;
}

/**
 * The control panel's reads (Kysely only). Every query starts from the caller's devices
 * (`inScope`), so a sub-account sees only what its data permissions hold, alarm records and
 * connection events included (they are reached through their device).
 */
export class ControlPanelRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private devices(scope: DataScope) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'));
  }

  /** Totals in one pass over the team's devices (the device list's covering index). */
  async counts(scope: DataScope): Promise<DeviceCounts> {
    const pending = sql<SqlBool>`devices.sync_state = 0 and devices.template_id is not null`;
    const row = await this.devices(scope)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('devices.online').as('online'),
        sql<number>`sum(case when ${pending} then 1 else 0 end)`.as('pending'),
        sql<number>`count(distinct case when ${pending} then devices.template_id end)`.as('templates'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: num(row.total),
      online: num(row.online),
      outOfSync: num(row.pending),
      outOfSyncTemplates: num(row.templates),
    };
  }

  /** Devices in scope with an open alarm record of their current team. */
  async alarmingDevices(scope: DataScope): Promise<number> {
    const row = await this.db
      .selectFrom('alarm_records')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'alarm_records.device_id')
      .where('alarm_records.team_id', '=', scope.teamId)
      .where('alarm_records.recovered_at', 'is', null)
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .select(sql<number>`count(distinct alarm_records.device_id)`.as('n'))
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  /** Open alarm records by level. */
  async activeByLevel(scope: DataScope): Promise<{ level: number; count: number }[]> {
    const rows = await this.db
      .selectFrom('alarm_records')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'alarm_records.device_id')
      .where('alarm_records.team_id', '=', scope.teamId)
      .where('alarm_records.recovered_at', 'is', null)
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .select((eb) => ['alarm_records.level', eb.fn.countAll<number>().as('n')])
      .groupBy('alarm_records.level')
      .execute();
    return rows.map((r) => ({ level: num(r.level), count: num(r.n) }));
  }

  /** The newest open alarm records. */
  async activeAlarms(scope: DataScope, limit: number) {
    const rows = await this.db
      .selectFrom('alarm_records')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'alarm_records.device_id')
      .where('alarm_records.team_id', '=', scope.teamId)
      .where('alarm_records.recovered_at', 'is', null)
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .select([
        'alarm_records.id',
        'alarm_records.device_id',
        'devices.name as device_name',
        'devices.sn as device_sn',
        'alarm_records.rule_name',
        'alarm_records.tag_name',
        'alarm_records.level',
        'alarm_records.state',
        'alarm_records.content',
        'alarm_records.value',
        'alarm_records.times',
        'alarm_records.raised_at',
        'alarm_records.acked_at',
      ])
      .orderBy('alarm_records.raised_at', 'desc')
      .orderBy('alarm_records.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: num(r.id),
      device_id: num(r.device_id),
      device_name: r.device_name || r.device_sn,
      rule_name: r.rule_name,
      tag_name: r.tag_name,
      level: num(r.level),
      state: num(r.state) === 2 ? (2 as const) : (1 as const),
      content: r.content,
      value: r.value,
      times: num(r.times),
      raised_at: num(r.raised_at),
      acked_at: numOrNull(r.acked_at),
    }));
  }

  /**
   * Devices with the most alarms raised since `from` (a record counts its times). The sums are
   * taken on alarm_records alone (covering index alarm_records_team_raised_device_idx), limited
   * to the devices in scope; only the few winners are joined for their names (a device that
   * left the team is dropped: its records stay the team's log, but it is no longer shown).
   */
  async topAlarmDevices(scope: DataScope, from: number, limit: number) {
    let q = this.db
      .selectFrom('alarm_records')
      .where('alarm_records.team_id', '=', scope.teamId)
      .where('alarm_records.raised_at', '>=', from);
    // A sub-account: its device ids as a list (as inScope does); the main account: the team's
    // records, and the winners that are no longer the team's devices are dropped below.
    if (scope.devices !== null) {
      if (scope.devices.size === 0) return [];
      q = q.where('alarm_records.device_id', 'in', [...scope.devices]);
    }
    const top = await q
      .select((eb) => ['alarm_records.device_id', eb.fn.sum<number>('alarm_records.times').as('n')])
      .groupBy('alarm_records.device_id')
      .orderBy('n', 'desc')
      .orderBy('alarm_records.device_id', 'asc')
      .limit(limit + SPARE)
      .execute();
    if (top.length === 0) return [];
    const names = await this.devices(scope)
      .where(
        'devices.id',
        'in',
        top.map((t) => num(t.device_id)),
      )
      .select(['devices.id', 'devices.name', 'devices.sn'])
      .execute();
    const nameOf = new Map(names.map((d) => [num(d.id), d.name || d.sn]));
    return top
      .filter((r) => nameOf.has(num(r.device_id)))
      .slice(0, limit)
      .map((r) => ({
        device_id: num(r.device_id),
        device_name: nameOf.get(num(r.device_id))!,
        count: num(r.n),
      }));
  }

  /**
   * Offline devices, the longest offline first: never seen first (since they were bound), then
   * by last seen (index devices_team_offline_seen_idx: no sort on SQLite).
   */
  async offlineLongest(scope: DataScope, limit: number) {
    const rows = await this.devices(scope)
      .where('devices.online', '=', 0)
      .select(['devices.id', 'devices.name', 'devices.sn', 'devices.last_seen_at', 'devices.bound_at'])
      .orderBy('devices.last_seen_at', (ob) => ob.asc().nullsFirst())
      .orderBy('devices.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      device_id: num(r.id),
      device_name: r.name || r.sn,
      since: numOrNull(r.last_seen_at ?? r.bound_at),
    }));
  }

  /** Devices that have not acknowledged their template's config, in name order (the device list's index). */
  async outOfSync(scope: DataScope, limit: number) {
    const rows = await this.devices(scope)
      .innerJoin(catalogueTemplates(this.db).as('templates'), 'templates.id', 'devices.template_id')
      .where('devices.sync_state', '=', 0)
      .select([
        'devices.id',
        'devices.name',
        'devices.sn',
        'templates.id as template_id',
        'templates.name as template_name',
      ])
      .orderBy('devices.name', 'asc')
      .orderBy('devices.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      device_id: num(r.id),
      device_name: r.name || r.sn,
      template_id: num(r.template_id),
      template_name: r.template_name,
    }));
  }

  /**
   * The most recent online state changes of the devices in scope. First the newest
   * RECENT_WINDOW events of the whole table (primary key range, no join), kept when their device
   * is in scope (one scoped lookup of those ids): enough for any active team. When they hold
   * fewer than `limit`, the newest event of each device in scope (index
   * device_connection_events_device_idx), which costs one lookup per device.
   */
  async recentChanges(scope: DataScope, limit: number) {
    const newest = await this.db
      .selectFrom('device_connection_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const floor = num(newest?.id) - RECENT_WINDOW;
    const recent = await this.db
      .selectFrom('device_connection_events')
      .select(['id', 'device_id', 'online', 'reason', 'at'])
      .where('id', '>', floor)
      .orderBy('id', 'desc')
      .execute();
    const ids = [...new Set(recent.map((e) => num(e.device_id)))];
    const names = new Map<number, string>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.devices(scope)
        .where('devices.id', 'in', ids.slice(i, i + 500))
        .select(['devices.id', 'devices.name', 'devices.sn'])
        .execute();
      for (const d of rows) names.set(num(d.id), d.name || d.sn);
    }
    let rows: {
      device_id: number;
      name: string | null;
      sn: string;
      online: number;
      reason: DeviceConnectionReason;
      at: number;
    }[] = recent
      .filter((e) => names.has(num(e.device_id)))
      .slice(0, limit)
      .map((e) => ({ ...e, name: names.get(num(e.device_id))!, sn: '' }));
    if (rows.length < limit && floor > 0) {
      rows = await this.db
        .selectFrom('device_connection_events as e')
        .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'e.device_id')
        .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
        .where((eb) =>
          eb(
            'e.id',
            '=',
            eb
              .selectFrom('device_connection_events as last')
              .select((x) => x.fn.max('last.id').as('id'))
              .whereRef('last.device_id', '=', 'devices.id'),
          ),
        )
        .select(['e.id', 'e.device_id', 'devices.name', 'devices.sn', 'e.online', 'e.reason', 'e.at'])
        .orderBy('e.id', 'desc')
        .limit(limit)
        .execute();
    }
    return rows.map((r) => ({
      device_id: num(r.device_id),
      device_name: r.name || r.sn,
      online: num(r.online),
      reason: r.reason,
      at: num(r.at),
    }));
  }

  /** The regions the account holds data in (users.data_center, comma-separated). */
  async dataCenters(userId: number): Promise<string[]> {
    const row = await this.db
      .selectFrom('users')
      .select('data_center')
      .where('id', '=', userId)
      .executeTakeFirst();
    return (row?.data_center ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }

  /**
   * Remote Access bytes of the team's devices in one UTC month (billing's device_traffic: the
   * traffic stays with the device, so a device counts for the team it is bound to now).
   */
  async monthTraffic(teamId: number, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('device_traffic')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'device_traffic.device_id')
      .where('devices.team_id', '=', teamId)
      .where('device_traffic.month', '=', month)
      .select(sql<number>`sum(device_traffic.bytes_up + device_traffic.bytes_down)`.as('n'))
      .executeTakeFirstOrThrow();
    return num(row.n);
  }
}
