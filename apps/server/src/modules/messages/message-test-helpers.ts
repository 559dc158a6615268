import type { MessageKind } from '../../db/tables/messages.ts';
import { DEFAULT_PASSWORD, login, uniqueEmail } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { hashPassword } from '../../lib/password.ts';

/*
 * Helpers of the message centre and notification suites: users and messages written straight
 * into the database (alarm records: alarm/alarm-test-helpers.ts).
 */

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
