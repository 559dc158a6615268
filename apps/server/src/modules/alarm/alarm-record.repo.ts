import type { AlarmRecord } from '@hmi/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';
import { alarmRecordQuery, toAlarmRecord } from './alarm-record.query.ts';
import { catalogueDevices } from '../device/index.ts';

/** Filters of the record list, the alarm message list and the export (alarmRecordQuery). */
export interface RecordFilter {
  device_id?: number | undefined;
  group_id?: number | undefined;
  /** Mask of levels; 0 or absent = all. */
  level?: number | undefined;
  /** 0 all, 1 open and not acknowledged, 2 open and acknowledged, 4 recovered. */
  state: 0 | 1 | 2 | 4;
  /** true: open records only. */
  active?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
  search?: string | undefined;
}

const LEVELS = [1, 2, 4, 8, 16];

/** Reads and acknowledgements of alarm records, always inside the caller's team and device scope. */
export class AlarmRecordRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The records of the scope matching the filter (no order, no paging). */
  private filtered(scope: DataScope, f: RecordFilter) {
    let q = alarmRecordQuery(this.db).$call((b) =>
      whereInScope(b, scope, 'devices', 'alarm_records.team_id', 'alarm_records.device_id'),
    );
    if (f.device_id !== undefined) q = q.where('alarm_records.device_id', '=', f.device_id);
    if (f.group_id !== undefined) q = q.where('alarm_records.group_id', '=', f.group_id);
    if (f.level) {
      const levels = LEVELS.filter((l) => (f.level! & l) !== 0);
      q = levels.length > 0 ? q.where('alarm_records.level', 'in', levels) : q.where(sql<SqlBool>`1 = 0`);
    }
    if (f.state === 4) q = q.where('alarm_records.recovered_at', 'is not', null);
    else if (f.state !== 0)
      q = q.where('alarm_records.recovered_at', 'is', null).where('alarm_records.state', '=', f.state);
    if (f.active) q = q.where('alarm_records.recovered_at', 'is', null);
    if (f.from !== undefined) q = q.where('alarm_records.raised_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('alarm_records.raised_at', '<=', f.to);
    if (f.search) {
      const p = likePattern(f.search);
      q = q.where((eb) =>
        eb.or(
          ['alarm_records.rule_name', 'alarm_records.content', 'alarm_records.tag_name', 'devices.name'].map(
            (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${p} escape '\\'`,
          ),
        ),
      );
    }
    return q;
  }

  async count(scope: DataScope, f: RecordFilter): Promise<number> {
    const row = await this.filtered(scope, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of records, newest first. */
  async page(scope: DataScope, f: RecordFilter, offset: number, limit: number): Promise<AlarmRecord[]> {
    const rows = await this.filtered(scope, f)
      .orderBy('alarm_records.raised_at', 'desc')
      .orderBy('alarm_records.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toAlarmRecord);
  }

  /** The records of these ids, as the domain shows them (the message centre's alarm messages). */
  async byIds(ids: readonly number[]): Promise<AlarmRecord[]> {
    if (ids.length === 0) return [];
    const rows = await alarmRecordQuery(this.db)
      .where('alarm_records.id', 'in', [...ids])
      .execute();
    return rows.map(toAlarmRecord);
  }

  /** The ids among `ids` that are records of the caller's scope. */
  async idsInScope(scope: DataScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('alarm_records')
      .select('alarm_records.id')
      .where('alarm_records.id', 'in', [...ids])
      .$call((b) => whereInScope(b, scope, 'devices', 'alarm_records.team_id', 'alarm_records.device_id'))
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Acknowledges records not acknowledged yet: open ones go to state 2, recovered ones keep
   * state 4; both get the time, the responder and the responder's comment (null: none).
   * Returns the ids acknowledged now.
   */
  async ack(
    ids: readonly number[],
    by: { id: number; name: string },
    at: number,
    comment: string | null = null,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('alarm_records')
      .set((eb) => ({
        state: eb.case().when('recovered_at', 'is', null).then(2).else(eb.ref('state')).end(),
        acked_at: at,
        acked_by: by.id,
        acked_by_name: by.name,
        ack_comment: comment,
      }))
      .where('id', 'in', [...ids])
      .where('acked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Tag ids of a device with an open record. */
  async openTagIds(deviceId: number, teamId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('alarm_records')
      .select('tag_id')
      .distinct()
      .where('device_id', '=', deviceId)
      .where('team_id', '=', teamId)
      .where('recovered_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.tag_id));
  }

  /** A user's display name (for the responder) and interface language. */
  async user(id: number): Promise<{ name: string; lang: string }> {
    const u = await this.db
      .selectFrom('users')
      .select(['name', 'email', 'phone', 'lang'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { name: u.name || u.email || u.phone || `#${id}`, lang: u.lang };
  }

  /** The device `id` when it is bound and in the scope. */
  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'team_id'])
      .where('id', '=', id)
      .$call((b) => whereInScope(b, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** True when the alarm group is the team's. */
  async groupOfTeam(teamId: number, groupId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('alarm_groups')
      .select('id')
      .where('id', '=', groupId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
