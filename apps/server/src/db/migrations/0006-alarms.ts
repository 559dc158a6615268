import { sql, type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Alarms and the message centre (issue 6).
 *
 * - alarm_groups: per team, names unique (1085).
 * - alarm_rules: per single-device template (at most 300, 1090), names unique per template (1088).
 *   Limit values are decimal text so INT64/UINT64 limits stay exact.
 * - alarm_records: one per raise of a rule on a device. The rule's name, level, group, tag and
 *   type are copied in, so the history reads the same after the rule changes. A record is open
 *   until it recovers; the partial unique index allows one open record per device and rule, so a
 *   restart or a redelivered message can never raise the same alarm twice.
 * - messages.alarm_record_id: an alarm message points at its record (state shown and filtered live).
 * - users.alarm_mail_levels: mask of the alarm levels mailed to the user (default severe | critical).
 * - notify_deliveries: every mail sent for an alarm (or a test), with its result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('alarm_groups'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alarm_groups_team_name_unique', ['team_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('alarm_rules'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('alarm_groups.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('deviation', 'text')
    .addColumn('deadband', 'text')
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alarm_rules_template_name_unique', ['template_id', 'name'])
    .execute();
  await db.schema
    .createIndex('alarm_rules_team_idx')
    .on('alarm_rules')
    .columns(['team_id', 'group_id'])
    .execute();

  await withId(db, db.schema.createTable('alarm_records'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('rule_id', 'integer', (c) => c.references('alarm_rules.id').onDelete('set null'))
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('tag_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('last_value', 'text', (c) => c.notNull())
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('acked_at', 'bigint')
    .addColumn('acked_by', 'integer')
    .addColumn('acked_by_name', 'text')
    .addColumn('recovered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('alarm_records_open_unique')
    .on('alarm_records')
    .columns(['device_id', 'rule_id'])
    .unique()
    .where(sql.ref('recovered_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('alarm_records_team_raised_idx')
    .on('alarm_records')
    .columns(['team_id', 'raised_at'])
    .execute();
  await db.schema
    .createIndex('alarm_records_device_raised_idx')
    .on('alarm_records')
    .columns(['device_id', 'raised_at'])
    .execute();

  await db.schema.alterTable('messages').addColumn('alarm_record_id', 'integer').execute();
  await db.schema
    .createIndex('messages_user_created_idx')
    .on('messages')
    .columns(['team_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_alarm_record_idx').on('messages').column('alarm_record_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('alarm_mail_levels', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();

  await withId(db, db.schema.createTable('notify_deliveries'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('alarm_record_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notify_deliveries_user_idx')
    .on('notify_deliveries')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notify_deliveries').execute();
  await db.schema.alterTable('users').dropColumn('alarm_mail_levels').execute();
  await db.schema.dropIndex('messages_alarm_record_idx').execute();
  await db.schema.dropIndex('messages_user_created_idx').execute();
  await db.schema.alterTable('messages').dropColumn('alarm_record_id').execute();
  await db.schema.dropTable('alarm_records').execute();
  await db.schema.dropTable('alarm_rules').execute();
  await db.schema.dropTable('alarm_groups').execute();
}
