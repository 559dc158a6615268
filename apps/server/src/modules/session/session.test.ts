import { ErrorCode, type TokenPair, type UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, login } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const userInfo = (token: string) => server.call<UserProfile>('GET', '/global/getUserInfo', { token });
const refresh = (refreshToken: string) =>
  server.call<TokenPair>('POST', '/refreshtoken?from=web', { token: refreshToken, body: { force: false } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('access tokens', () => {
  it.each([
    ['no header', undefined, 1008],
    ['empty header', '', 1008],
    ['garbage', 'not-a-jwt', 1009],
    ['Bearer garbage', 'Bearer abc.def.ghi', 1009],
    [
      'token signed with another secret',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidGlkIjoxLCJzaWQiOiJ4In0.9cPBc2IhNxqS0N6xgB5pWk6lF3n3Rz9hJ1Lw6xvXy0c',
      1009,
    ],
  ])('%s -> 401 with %i', async (_case, token, code) => {
    const res = await server.call('GET', '/global/getUserInfo', token === undefined ? {} : { token });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code });
  });

  it('accepts the raw token and "Bearer <token>"', async () => {
    const { tokens } = await createActiveUser(server);
    expect((await userInfo(tokens.token)).body.code).toBe(0);
    expect((await userInfo(`Bearer ${tokens.token}`)).body.code).toBe(0);
  });

  it('expires after ACCESS_TOKEN_TTL with 1009; the refresh token then gives a working pair', async () => {
    const short = await startTestServer({ ACCESS_TOKEN_TTL: '1' });
    try {
      const { tokens } = await createActiveUser(short);
      await sleep(2100);
      const expired = await short.call('GET', '/global/getUserInfo', { token: tokens.token });
      expect({ status: expired.status, code: expired.body.code }).toEqual({ status: 401, code: 1009 });

      const renewed = await short.call<TokenPair>('POST', '/refreshtoken?from=web', {
        token: tokens.refresh_token,
      });
      expect(renewed.body.code).toBe(0);
      expect(renewed.body.data).toMatchObject({ host: '', region: 'eu' });
      expect(renewed.body.data.refresh_token).not.toBe(tokens.refresh_token);
      const info = await short.call('GET', '/global/getUserInfo', { token: renewed.body.data.token });
      expect(info.body.code).toBe(0);
    } finally {
      await short.close();
    }
  });

  it('access tokens live ACCESS_TOKEN_TTL seconds (900 by default)', async () => {
    const { tokens } = await createActiveUser(server);
    const payload = JSON.parse(Buffer.from(tokens.token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      number
    >;
    expect(payload.exp! - payload.iat!).toBe(900);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; replaying a used one revokes the whole family', async () => {
    const user = await createActiveUser(server);
    const { tokens } = user;
    const otherSession = await login(server, user.email, user.password);
    const first = await refresh(tokens.refresh_token);
    const second = await refresh(first.body.data.refresh_token);
    expect(second.body.code).toBe(0);

    // The original token is replayed (stolen copy): 1040, and every token of the family dies.
    const replay = await refresh(tokens.refresh_token);
    expect({ status: replay.status, code: replay.body.code }).toEqual({ status: 401, code: 1040 });
    expect((await refresh(second.body.data.refresh_token)).body.code).toBe(1040);
    // The access token of that session ends too.
    expect((await userInfo(second.body.data.token)).body.code).toBe(1009);
    // Other sessions of the same user are untouched.
    expect((await refresh(otherSession.refresh_token)).body.code).toBe(0);
  });

  it.each([
    ['unknown', 'definitely-not-a-token'],
    ['missing', undefined],
  ])('%s refresh token -> 1040', async (_case, token) => {
    const res = await server.call('POST', '/refreshtoken?from=web', token === undefined ? {} : { token });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code: 1040 });
  });

  it('an expired refresh token -> 1040', async () => {
    const { tokens } = await createActiveUser(server);
    await server.app.db
      .updateTable('refresh_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await refresh(tokens.refresh_token)).body.code).toBe(1040);
  });

  it('lives REFRESH_TOKEN_TTL (30 days by default)', async () => {
    const { tokens } = await createActiveUser(server);
    const row = await server.app.db
      .selectFrom('refresh_tokens')
      .select(['created_at', 'expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(30 * 24 * 3600_000);
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('logout ends the session: its access and refresh tokens stop working, other sessions go on', async () => {
    const user = await createActiveUser(server);
    const other = await login(server, user.email, user.password);
    const out = await server.call('POST', '/global/logout', { token: user.tokens.token });
    expect(out.body).toEqual({ code: 0, data: null, msg: 'success' });
    expect((await userInfo(user.tokens.token)).body.code).toBe(1009);
    expect((await refresh(user.tokens.refresh_token)).body.code).toBe(1040);
    expect((await userInfo(other.token)).body.code).toBe(0);
  });
});

describe('login', () => {
  it('GET /global/login describes the region and registration options', async () => {
    const res = await server.call('GET', '/global/login');
    expect(res.body).toEqual({
      code: 0,
      data: { region: 'eu', regions: ['eu'], phone_area_codes: ['+86'], register_methods: ['phone', 'mail'] },
      msg: 'success',
    });
  });

  it.each([
    ['unknown user', { user: 'nobody@example.com', passwd: 'abc12345' }, 404, ErrorCode.E1010_USER_NOT_FOUND],
    ['unknown phone', { user: '13900000000', passwd: 'abc12345' }, 404, ErrorCode.E1010_USER_NOT_FOUND],
    ['missing password', { user: 'nobody@example.com' }, 400, ErrorCode.E1006_BAD_PARAMETER],
    ['empty user', { user: ' ', passwd: 'x' }, 400, ErrorCode.E1006_BAD_PARAMETER],
  ])('%s -> %i %i', async (_case, body, status, code) => {
    const res = await server.call('POST', '/global/login?type=1', { body });
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  });

  it('wrong password -> 1004; type other than 1 -> 1006', async () => {
    const user = await createActiveUser(server);
    const wrong = await server.call('POST', '/global/login?type=1', {
      body: { user: user.email, passwd: 'Wrong1234' },
    });
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({ status: 400, code: 1004 });
    const type = await server.call('POST', '/global/login?type=7', {
      body: { user: user.email, passwd: user.password },
    });
    expect(type.body.code).toBe(1006);
  });
});
