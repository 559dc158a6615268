import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/** Teams, users, roles, sessions, codes and the message table (issue 2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('teams'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('template_max_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('template_max_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_max_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dgroup_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('roles'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('device_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('template_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('project_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('roles_team_name_unique', ['team_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('area_code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data_center', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh-cn'))
    .addColumn('member_ext', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('role_id', 'integer', (c) => c.references('roles.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addUniqueConstraint('users_phone_unique', ['area_code', 'phone'])
    .execute();
  await db.schema.createIndex('users_team_idx').on('users').column('team_id').execute();
  await db.schema.createIndex('users_phone_idx').on('users').column('phone').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('family_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_dest_idx')
    .on('verification_codes')
    .columns(['destination', 'purpose', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('activation_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_account_idx')
    .on('login_attempts')
    .columns(['account', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_idx')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('rate_events'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_events_idx')
    .on('rate_events')
    .columns(['kind', 'subject', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_team_idx').on('messages').columns(['team_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'messages',
    'rate_events',
    'login_attempts',
    'activation_tokens',
    'verification_codes',
    'refresh_tokens',
    'sessions',
    'users',
    'roles',
    'teams',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
