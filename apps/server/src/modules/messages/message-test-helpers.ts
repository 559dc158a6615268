import type { AlarmRecord } from '@hmi/domain';
import type { MessageKind } from '../../db/database.ts';
import { DEFAULT_PASSWORD, login, uniqueEmail } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { hashPassword } from '../../lib/password.ts';
import { alarmRecordQuery, toAlarmRecord } from '../alarm/alarm-record.query.ts';

/*
 * Helpers of the message centre and notification suites: messages and alarm records written
 * straight into the database, as the alarm engine would write them.
 */

export interface RecordOverrides {
  level?: number;
  state?: 1 | 2 | 4;
  ruleName?: string;
  tagName?: string;
  content?: string;
  value?: string;
  raisedAt?: number;
}

/** An alarm record of a device (open unless state 4), as the domain shows it. */
export async function insertAlarmRecord(
  server: TestServer,
  teamId: number,
  deviceId: number,
  o: RecordOverrides = {},
): Promise<AlarmRecord> {
  const raisedAt = o.raisedAt ?? Date.now();
  const state = o.state ?? 1;
  const { id } = await server.app.db
    .insertInto('alarm_records')
    .values({
      team_id: teamId,
      device_id: deviceId,
      rule_id: null,
      rule_name: o.ruleName ?? 'High temperature',
      group_id: null,
      level: o.level ?? 16,
      tag_id: 1,
      tag_name: o.tagName ?? 'temp',
      type: 2,
      state,
      content: o.content ?? 'Temperature too high',
      value: o.value ?? '98.5',
      last_value: o.value ?? '98.5',
      times: 1,
      raised_at: raisedAt,
      acked_at: state === 2 ? raisedAt + 1 : null,
      acked_by: null,
      acked_by_name: state === 2 ? 'Operator' : null,
      recovered_at: state === 4 ? raisedAt + 2 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await alarmRecordQuery(server.app.db)
    .where('alarm_records.id', '=', Number(id))
    .executeTakeFirstOrThrow();
  return toAlarmRecord(row);
}

export interface MessageOverrides {
  kind?: MessageKind;
  title?: string;
  body?: string;
  read?: boolean;
  createdAt?: number;
  alarmRecordId?: number | null;
}

/** A message of one user (or of the team with userId null); returns its id. */
export async function insertMessage(
  server: TestServer,
  teamId: number,
  userId: number | null,
  o: MessageOverrides = {},
): Promise<number> {
  const createdAt = o.createdAt ?? Date.now();
  const { id } = await server.app.db
    .insertInto('messages')
    .values({
      team_id: teamId,
      user_id: userId,
      kind: o.kind ?? 'notice',
      title: o.title ?? 'Notice',
      body: o.body ?? 'Body',
      read_at: o.read ? createdAt : null,
      created_at: createdAt,
      alarm_record_id: o.alarmRecordId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** The id of a user by email. */
export async function userIdOf(server: TestServer, email: string): Promise<number> {
  const row = await server.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * An active main account written straight into the database and signed in: for servers whose
 * mails cannot go out (no activation mail to follow).
 */
export async function createActiveUserDirect(server: TestServer, lang = 'en-us') {
  const email = uniqueEmail('direct');
  const now = Date.now();
  const user = await server.app.services.users.createTeamWithMain(
    { name: 'Direct', region: server.config.region },
    {
      email,
      phone: null,
      area_code: null,
      name: 'Direct',
      password_hash: await hashPassword(DEFAULT_PASSWORD),
      status: 'active',
      data_center: server.config.region,
      lang,
      activated_at: now,
      closed_at: null,
    },
    now,
    server.app.db,
  );
  const tokens = await login(server, email, DEFAULT_PASSWORD);
  return { email, token: tokens.token, userId: Number(user.id), teamId: Number(user.team_id) };
}
