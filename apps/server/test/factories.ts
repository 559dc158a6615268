import { expect } from 'vitest';
import type { TokenPair, UserProfile } from '@hmi/domain';
import { hashPassword } from '../src/lib/password.ts';
import { activationLink, lastMailTo } from './outbox.ts';
import type { TestServer } from './test-server.ts';

let sequence = 0;
/** A unique address per call within a test run. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${++sequence}@example.com`;
/** A unique mainland mobile number per call within a test run. */
export const uniquePhone = () =>
  `139${String(Date.now() % 100_000).padStart(5, '0')}${String(++sequence % 1000).padStart(3, '0')}`;

export const DEFAULT_PASSWORD = 'Secret123';

/** Opens an activation link of the outbox against the test server (the link names PUBLIC_URL). */
export async function followActivation(server: TestServer, link: string): Promise<Response> {
  const { pathname, search } = new URL(link);
  return fetch(`${server.url}${pathname}${search}`, { redirect: 'manual' });
}

export async function registerByEmail(
  server: TestServer,
  overrides: { email?: string; password?: string; name?: string; lang?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await server.call('POST', '/global/register?type=1', {
    body: { username: email, passwd: password, name: overrides.name, lang: overrides.lang ?? 'en-us' },
  });
  expect(res.body, 'registration').toMatchObject({ code: 0 });
  return { email, password };
}

export async function login(server: TestServer, user: string, password: string): Promise<TokenPair> {
  const res = await server.call<TokenPair>('POST', '/global/login?type=1', {
    body: { user, passwd: password },
  });
  expect(res.body, `login of ${user}`).toMatchObject({ code: 0 });
  return res.body.data;
}

/** A registered and activated main account, signed in. */
export async function createActiveUser(
  server: TestServer,
  overrides: { email?: string; password?: string; name?: string; lang?: string } = {},
) {
  const { email, password } = await registerByEmail(server, overrides);
  const activation = await followActivation(server, activationLink(await lastMailTo(server.dataDir, email)));
  expect(activation.headers.get('location')).toBe('/#/activeresult?code=0');
  const tokens = await login(server, email, password);
  const profile = await server.call<UserProfile>('GET', '/global/getUserInfo', { token: tokens.token });
  return { email, password, tokens, profile: profile.body.data };
}

/**
 * A sub-account in the team of `main` holding a role with these permissions and data
 * permissions, inserted directly (the screens that create them come with team administration).
 */
export async function createSubAccount(
  server: TestServer,
  main: { profile: UserProfile },
  role: { permissions?: number[]; deviceIds?: number[]; email?: string; password?: string } = {},
) {
  const now = Date.now();
  const email = role.email ?? uniqueEmail('sub');
  const password = role.password ?? DEFAULT_PASSWORD;
  const db = server.app.db;
  const { id: roleId } = await db
    .insertInto('roles')
    .values({
      team_id: main.profile.team_id,
      name: `r${++sequence}`,
      permissions: JSON.stringify(role.permissions ?? []),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (role.deviceIds && role.deviceIds.length > 0) {
    await db
      .insertInto('role_grants')
      .values(role.deviceIds.map((object_id) => ({ role_id: roleId, kind: 'device' as const, object_id })))
      .execute();
  }
  await db
    .insertInto('users')
    .values({
      team_id: main.profile.team_id,
      is_main: 0,
      email,
      phone: null,
      area_code: null,
      name: 'Sub',
      password_hash: await hashPassword(password),
      status: 'active',
      data_center: main.profile.data_center,
      lang: 'en-us',
      role_id: roleId,
      joined_at: now,
      created_at: now,
      updated_at: now,
      activated_at: now,
      closed_at: null,
    })
    .execute();
  const tokens = await login(server, email, password);
  return { email, password, tokens, roleId };
}
