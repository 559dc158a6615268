import type { TokenPair, UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/crypto.ts';
import { createActiveUser, login } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

/*
 * The refresh reuse grace (REFRESH_REUSE_GRACE, 10 s by default): several tabs of one browser
 * refreshing with the same token get the same new pair; outside the window, or for a token
 * older than the one just replaced, reuse still revokes the family. Two servers share the
 * database (the SQLite file of the first, or its PostgreSQL schema): the grace is decided from
 * the database alone, so a tab may reach either.
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  const app = await startTestServer({
    DATA_DIR: a.dataDir,
    MQTT_CLIENT_ID: 'hmi-session-grace-b',
    ...(a.config.databaseSchema ? { DATABASE_SCHEMA: a.config.databaseSchema } : {}),
  });
  // Closing b must leave a's directory and schema: only its app closes.
  b = { ...app, close: () => app.app.close() };
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const refresh = (refreshToken: string, server = a) =>
  server.call<TokenPair>('POST', '/refreshtoken?from=web', { token: refreshToken, body: { force: false } });
const userInfo = (token: string) => a.call<UserProfile>('GET', '/global/getUserInfo', { token });
const code = async (p: ReturnType<typeof refresh>) => {
  const res = await p;
  return res.body.code === 0 ? 0 : `${res.status}/${res.body.code}`;
};

/** Moves a token's rotation `ms` into the past, as if that much time had gone by since. */
async function ageRotation(rawRefreshToken: string, ms: number): Promise<void> {
  const row = await a.app.db
    .selectFrom('refresh_tokens')
    .select(['id', 'used_at'])
    .where('token_hash', '=', sha256(rawRefreshToken))
    .executeTakeFirstOrThrow();
  expect(row.used_at).not.toBeNull();
  await a.app.db
    .updateTable('refresh_tokens')
    .set({ used_at: row.used_at! - ms })
    .where('id', '=', row.id)
    .execute();
}

describe('refresh reuse grace', () => {
  it('is 10 seconds by default', () => {
    expect(a.config.refreshReuseGrace).toBe(10);
  });

  it('the replaced token presented again within the window gets the same pair, on any server', async () => {
    const { tokens } = await createActiveUser(a);
    const first = await refresh(tokens.refresh_token, a);
    expect(first.body.code).toBe(0);
    const again = await refresh(tokens.refresh_token, b);
    expect(again.body).toEqual(first.body);
    expect(again.body.data.refresh_token).not.toBe(tokens.refresh_token);
    expect((await userInfo(again.body.data.token)).body.code).toBe(0);
    // The family goes on: the shared pair rotates as usual.
    const next = await refresh(again.body.data.refresh_token, b);
    expect(next.body.code).toBe(0);
    expect((await userInfo(next.body.data.token)).body.code).toBe(0);
  });

  it('tabs refreshing with one token at the same moment all get one pair and stay signed in', async () => {
    const { tokens } = await createActiveUser(a);
    const replies = await Promise.all([a, b, a, b].map((server) => refresh(tokens.refresh_token, server)));
    expect(replies.map((r) => r.body.code)).toEqual([0, 0, 0, 0]);
    expect(new Set(replies.map((r) => r.body.data.refresh_token)).size).toBe(1);
    expect(new Set(replies.map((r) => r.body.data.token)).size).toBe(1);
    const rows = await a.app.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
      .select(['refresh_tokens.revoked_at', 'sessions.revoked_at as session_revoked_at'])
      .where('refresh_tokens.token_hash', '=', sha256(replies[0]!.body.data.refresh_token))
      .execute();
    expect(rows).toEqual([{ revoked_at: null, session_revoked_at: null }]);
    expect(await code(refresh(replies[0]!.body.data.refresh_token))).toBe(0);
  });

  it('after the window, reuse revokes the whole family (theft detection)', async () => {
    const user = await createActiveUser(a);
    const other = await login(a, user.email, user.password);
    const first = await refresh(user.tokens.refresh_token);
    await ageRotation(user.tokens.refresh_token, 10_001);
    expect(await code(refresh(user.tokens.refresh_token, b))).toBe('401/1040');
    expect(await code(refresh(first.body.data.refresh_token))).toBe('401/1040');
    expect((await userInfo(first.body.data.token)).body.code).toBe(1009);
    // Another session of the same user is untouched.
    expect(await code(refresh(other.refresh_token))).toBe(0);
  });

  it('just inside the window the reuse still gets the pair', async () => {
    const { tokens } = await createActiveUser(a);
    const first = await refresh(tokens.refresh_token);
    await ageRotation(tokens.refresh_token, 9_000);
    const again = await refresh(tokens.refresh_token, b);
    expect(again.body.data?.refresh_token).toBe(first.body.data.refresh_token);
  });

  it('a token older than the one just replaced revokes the family, even within the window', async () => {
    const { tokens } = await createActiveUser(a);
    const first = await refresh(tokens.refresh_token);
    const second = await refresh(first.body.data.refresh_token);
    expect(second.body.code).toBe(0);
    expect(await code(refresh(tokens.refresh_token, b))).toBe('401/1040');
    expect(await code(refresh(second.body.data.refresh_token))).toBe('401/1040');
    // The one just replaced is no way back in either: the family is revoked.
    expect(await code(refresh(first.body.data.refresh_token))).toBe('401/1040');
    expect((await userInfo(second.body.data.token)).body.code).toBe(1009);
  });

  it('a logout is not undone by the grace', async () => {
    const { tokens } = await createActiveUser(a);
    const first = await refresh(tokens.refresh_token);
    const out = await a.call('POST', '/global/logout', { token: first.body.data.token });
    expect(out.body.code).toBe(0);
    expect(await code(refresh(tokens.refresh_token, b))).toBe('401/1040');
    expect(await code(refresh(first.body.data.refresh_token))).toBe('401/1040');
    expect((await userInfo(first.body.data.token)).body.code).toBe(1009);
  });

  it('a revoked family (replay, or every session ended) is not undone by the grace', async () => {
    const user = await createActiveUser(a);
    // Replay of an old token revokes; the token just replaced then gets nothing back.
    const first = await refresh(user.tokens.refresh_token);
    const second = await refresh(first.body.data.refresh_token);
    await ageRotation(user.tokens.refresh_token, 60_000);
    expect(await code(refresh(user.tokens.refresh_token))).toBe('401/1040');
    expect(await code(refresh(first.body.data.refresh_token, b))).toBe('401/1040');
    expect(await code(refresh(second.body.data.refresh_token, b))).toBe('401/1040');

    // Every session of the user ended (password reset, account closed).
    const fresh = await login(a, user.email, user.password);
    const rotated = await refresh(fresh.refresh_token);
    expect(rotated.body.code).toBe(0);
    await a.app.services.sessions.endAll(user.profile.dbuser_id);
    expect(await code(refresh(fresh.refresh_token, b))).toBe('401/1040');
    expect(await code(refresh(rotated.body.data.refresh_token))).toBe('401/1040');
  });
});

describe('REFRESH_REUSE_GRACE=0', () => {
  it('turns the grace off: any reuse revokes the family', async () => {
    const strict = await startTestServer({ REFRESH_REUSE_GRACE: '0' });
    try {
      const { tokens } = await createActiveUser(strict);
      const first = await refresh(tokens.refresh_token, strict);
      expect(first.body.code).toBe(0);
      expect(await code(refresh(tokens.refresh_token, strict))).toBe('401/1040');
      expect(await code(refresh(first.body.data.refresh_token, strict))).toBe('401/1040');
    } finally {
      await strict.close();
    }
  });
});
