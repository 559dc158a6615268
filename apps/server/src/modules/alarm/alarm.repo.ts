import type { AlarmRecord } from '@hmi/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlarmRecordsTable } from '../../db/tables/alarms.ts';
import type { MessagesTable } from '../../db/tables/messages.ts';
import { isInScope, type DataScope, type ScopeLoader } from '../../lib/data-scope.ts';
import { alarmRecordQuery, toAlarmRecord } from './alarm-record.query.ts';
import { catalogueDevices, catalogueTemplateTags } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A rule as the engine reads it, with its tag's name. */
export interface RuleRow {
  id: number;
  team_id: number;
  template_id: number;
  group_id: number | null;
  name: string;
  level: number;
  tag_id: number;
  tag_name: string;
  type: number;
  value: string;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
  content: string;
}

/** An active user of a team with the data scope of their role (built as for a request). */
export interface Recipient {
  id: number;
  lang: string;
  scope: DataScope;
}

/** The users among `users` whose data scope holds the device. */
export const recipientsOf = (users: readonly Recipient[], teamId: number, deviceId: number): Recipient[] =>
  users.filter((u) => isInScope(u.scope, 'devices', { teamId, id: deviceId }));

/**
 * SQL of the alarm engine: what it needs of devices and rules, the open records, and the
 * writes of transitions (each caller runs them in its own transaction). Every update of an open
 * record is guarded by `recovered_at is null`, so a record closed meanwhile is never touched again.
 */
export class AlarmRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scopes: ScopeLoader,
  ) {}

  device(id: number) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'team_id', 'template_id', 'name', 'sn'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The rules of a template with their tag's name (rules of vanished tags keep an empty name). */
  rulesOfTemplate(templateId: number): Promise<RuleRow[]> {
    return this.db
      .selectFrom('alarm_rules')
      .leftJoin(catalogueTemplateTags(this.db).as('template_tags'), 'template_tags.id', 'alarm_rules.tag_id')
      .select([
        'alarm_rules.id',
        'alarm_rules.team_id',
        'alarm_rules.template_id',
        'alarm_rules.group_id',
        'alarm_rules.name',
        'alarm_rules.level',
        'alarm_rules.tag_id',
        'template_tags.name as tag_name',
        'alarm_rules.type',
        'alarm_rules.value',
        'alarm_rules.target',
        'alarm_rules.deviation',
        'alarm_rules.deadband',
        'alarm_rules.content',
      ])
      .where('alarm_rules.template_id', '=', templateId)
      .orderBy('alarm_rules.position')
      .orderBy('alarm_rules.id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, tag_name: r.tag_name ?? '' })));
  }

  /** Open records (every device, or one): id, device and rule. */
  open(deviceId?: number) {
    let q = this.db
      .selectFrom('alarm_records')
      .select(['id', 'device_id', 'rule_id', 'team_id'])
      .where('recovered_at', 'is', null);
    if (deviceId !== undefined) q = q.where('device_id', '=', deviceId);
    return q.orderBy('id').execute();
  }

  /** The open record of a device and rule (after losing the race for the unique index). */
  async openIdOf(deviceId: number, ruleId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('alarm_records')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('rule_id', '=', ruleId)
      .where('recovered_at', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** Active users of a team with their language and data scope (resolved as for a request). */
  async recipients(teamId: number, db: Db = this.db): Promise<Recipient[]> {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'is_main', 'role_id', 'lang'])
      .where('team_id', '=', teamId)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    const scopes = await this.scopes.scopesOf(teamId, rows, db);
    return rows.map((r) => ({ id: r.id, lang: r.lang, scope: scopes.get(r.id)! }));
  }

  async insertRecord(values: Insertable<AlarmRecordsTable>, db: Db): Promise<number> {
    const row = await db.insertInto('alarm_records').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async insertMessages(rows: Insertable<MessagesTable>[], db: Db): Promise<void> {
    if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
  }

  /** times + 1 and the last value of an open record; false when it is closed. */
  async repeat(id: number, lastValue: string): Promise<boolean> {
    const r = await this.db
      .updateTable('alarm_records')
      .set((eb) => ({ times: eb('times', '+', 1), last_value: lastValue }))
      .where('id', '=', id)
      .where('recovered_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Closes open records (state 4, recovered_at; the last value when given); returns the ids it
   * closed (those already closed are left alone).
   */
  async recover(ids: readonly number[], at: number, lastValue: string | null): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('alarm_records')
      .set({ state: 4, recovered_at: at, ...(lastValue === null ? {} : { last_value: lastValue }) })
      .where('id', 'in', [...ids])
      .where('recovered_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Open records whose rule was deleted (rule_id set null), of one team or of all. */
  orphans(teamId?: number) {
    let q = this.db
      .selectFrom('alarm_records')
      .select(['id', 'team_id'])
      .where('recovered_at', 'is', null)
      .where('rule_id', 'is', null);
    if (teamId !== undefined) q = q.where('team_id', '=', teamId);
    return q.orderBy('id').execute();
  }

  /** Records by id as the domain's AlarmRecord, in id order. */
  async records(ids: readonly number[], db: Db = this.db): Promise<AlarmRecord[]> {
    if (ids.length === 0) return [];
    const rows = await alarmRecordQuery(db)
      .where('alarm_records.id', 'in', [...ids])
      .orderBy('alarm_records.id')
      .execute();
    return rows.map(toAlarmRecord);
  }
}
