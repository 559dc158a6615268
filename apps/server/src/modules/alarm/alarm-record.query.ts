import type { AlarmRecord } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The base query of alarm records: every column of the record with the device's name (its SN
 * while it has none) and the alarm group's current name (null when the record has no group or
 * the group was deleted). Callers add their own filters, e.g.
 * `alarmRecordQuery(db).where('alarm_records.team_id', '=', teamId).where('alarm_records.id', 'in', ids)`,
 * and map the rows with `toAlarmRecord`. Shared with the message centre (`messageItem.alarm`).
 */
export function alarmRecordQuery(db: Db) {
  return db
    .selectFrom('alarm_records')
    .innerJoin(catalogueDevices(db).as('devices'), 'devices.id', 'alarm_records.device_id')
    .leftJoin('alarm_groups', 'alarm_groups.id', 'alarm_records.group_id')
    .selectAll('alarm_records')
    .select(['devices.name as device_name', 'devices.sn as device_sn', 'alarm_groups.name as group_name']);
}

/** One row of `alarmRecordQuery`. */
export type AlarmRecordRow = Awaited<
  ReturnType<ReturnType<typeof alarmRecordQuery>['executeTakeFirstOrThrow']>
>;

const num = (v: number | string): number => (typeof v === 'number' ? v : Number(v));
const numOrNull = (v: number | string | null): number | null => (v === null ? null : num(v));

/** A row of `alarmRecordQuery` as the domain's `alarmRecord` (`acked_by` = the responder's name). */
export function toAlarmRecord(row: AlarmRecordRow): AlarmRecord {
  const state = num(row.state);
  return {
    id: num(row.id),
    device_id: num(row.device_id),
    device_name: row.device_name || row.device_sn,
    rule_id: numOrNull(row.rule_id),
    rule_name: row.rule_name,
    group_id: numOrNull(row.group_id),
    group_name: row.group_name ?? null,
    tag_id: num(row.tag_id),
    tag_name: row.tag_name,
    level: num(row.level) as AlarmRecord['level'],
    type: num(row.type) as AlarmRecord['type'],
    state: (state === 2 || state === 4 ? state : 1) as AlarmRecord['state'],
    content: row.content,
    value: row.value,
    last_value: row.last_value,
    times: num(row.times),
    raised_at: num(row.raised_at),
    acked_at: numOrNull(row.acked_at),
    acked_by: row.acked_at === null ? null : (row.acked_by_name ?? null),
    ack_comment: row.acked_at === null ? null : (row.ack_comment ?? null),
    recovered_at: numOrNull(row.recovered_at),
  };
}
