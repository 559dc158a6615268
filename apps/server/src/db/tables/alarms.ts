import type { ColumnType, Generated } from 'kysely';
import type { Ms } from './columns.ts';

// Alarm groups, rules and records (the alarm-rule and alarm modules).

/** Alarm groups of a team (migration 0006). */
export interface AlarmGroupsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

/** Alarm rules of a single-device template (migration 0006). Values are decimal text. */
export interface AlarmRulesTable {
  id: Generated<number>;
  team_id: number;
  template_id: number;
  group_id: number | null;
  name: string;
  level: number;
  tag_id: number;
  type: number;
  value: string;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
  content: ColumnType<string, string | undefined, string>;
  position: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

/** One raise of a rule on a device; open while recovered_at is null (migration 0006). */
export interface AlarmRecordsTable {
  id: Generated<number>;
  team_id: number;
  device_id: number;
  rule_id: number | null;
  rule_name: string;
  group_id: number | null;
  level: number;
  tag_id: number;
  tag_name: ColumnType<string, string | undefined, string>;
  type: number;
  /** 1 alarm, 2 response (acknowledged), 4 recovery. */
  state: number;
  content: ColumnType<string, string | undefined, string>;
  value: string;
  last_value: string;
  times: ColumnType<number, number | undefined, number>;
  raised_at: Ms;
  acked_at: Ms | null;
  acked_by: number | null;
  acked_by_name: string | null;
  /** The responder's comment (migration 0009), null when none. */
  ack_comment: ColumnType<string | null, string | null | undefined, string | null>;
  recovered_at: Ms | null;
}

export interface AlarmTables {
  alarm_groups: AlarmGroupsTable;
  alarm_rules: AlarmRulesTable;
  alarm_records: AlarmRecordsTable;
}
