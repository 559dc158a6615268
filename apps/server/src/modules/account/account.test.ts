import { ErrorCode, type TokenPair, type UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, login, registerByEmail, uniquePhone } from '../../../test/factories.ts';
import { codeIn, lastMailTo, lastSmsCode } from '../../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PEER_REGIONS: 'in' });
});
afterAll(() => server.close());

const userInfo = (token: string) => server.call<UserProfile>('GET', '/global/getUserInfo', { token });
const refresh = (token: string) => server.call<TokenPair>('POST', '/refreshtoken?from=web', { token });
const freeCodeLimits = () => server.app.db.deleteFrom('rate_events').execute();

describe('editUserInfo', () => {
  it('edits name, contact, alias and the team name of the main account', async () => {
    const { tokens } = await createActiveUser(server);
    const res = await server.call('POST', '/editUserInfo', {
      token: tokens.token,
      body: { name: 'Bo', contact: '+49 30 1234', alias_name: 'bo', team_name: 'Plant 7' },
    });
    expect(res.body).toEqual({ code: 0, data: null, msg: 'success' });
    expect((await userInfo(tokens.token)).body.data).toMatchObject({
      name: 'Bo',
      contact: '+49 30 1234',
      alias_name: 'bo',
      team_name: 'Plant 7',
    });
  });

  it.each([
    ['empty name', { name: '' }],
    ['too long alias', { alias_name: 'x'.repeat(65) }],
    ['wrong type', { contact: 5 }],
  ])('1006 for %s', async (_case, body) => {
    const { tokens } = await createActiveUser(server);
    expect((await server.call('POST', '/editUserInfo', { token: tokens.token, body })).body.code).toBe(1006);
  });

  it('needs a signed-in user', async () => {
    expect((await server.call('POST', '/editUserInfo', { body: { name: 'x' } })).body.code).toBe(1008);
  });
});

describe('changePwd', () => {
  it('needs the old password, a new valid and different one; ends the other sessions, returns a new pair', async () => {
    const user = await createActiveUser(server);
    const other = await login(server, user.email, user.password);
    const change = (old_passwd: string, passwd: string) =>
      server.call<TokenPair>('POST', '/global/changePwd', {
        token: user.tokens.token,
        body: { old_passwd, passwd },
      });

    expect((await change('Wrong1234', 'NewPass99')).body.code).toBe(ErrorCode.E1004_WRONG_PASSWORD);
    const same = await change(user.password, user.password);
    expect(same.body).toMatchObject({
      code: 1006,
      data: { fields: [{ message: 'validation.password.sameAsCurrent' }] },
    });
    expect((await change(user.password, 'short1')).body.code).toBe(1006);

    const done = await change(user.password, 'NewPass99');
    expect(done.body.code).toBe(0);
    expect((await userInfo(done.body.data.token)).body.code).toBe(0);
    expect((await refresh(done.body.data.refresh_token)).body.code).toBe(0);
    // Old sessions, this one's old tokens included, are over.
    expect((await userInfo(other.token)).body.code).toBe(1009);
    expect((await refresh(other.refresh_token)).body.code).toBe(1040);
    expect((await userInfo(user.tokens.token)).body.code).toBe(1009);

    const oldLogin = await server.call('POST', '/global/login?type=1', {
      body: { user: user.email, passwd: user.password },
    });
    expect(oldLogin.body.code).toBe(1004);
    await login(server, user.email, 'NewPass99');
  });
});

describe('forgot password', () => {
  it('mails a code to the address, resets with it and ends every session', async () => {
    await freeCodeLimits();
    const user = await createActiveUser(server, { lang: 'en-us' });
    const sent = await server.call('POST', '/global/forgetverify', { body: { username: user.email } });
    expect(sent.body).toEqual({ code: 0, data: { channel: 'email', expires_in: 600 }, msg: 'success' });
    const mail = await lastMailTo(server.dataDir, user.email);
    expect(mail.subject).toBe('HMI Cloud: password reset code');
    const code = codeIn(mail.text);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await server.call('POST', '/global/modifyPwd', {
      body: { username: user.email, code: wrong, passwd: 'Reset1234' },
    });
    expect(bad.body.code).toBe(ErrorCode.E1011_VERIFY_CODE_WRONG);
    const weak = await server.call('POST', '/global/modifyPwd', {
      body: { username: user.email, code, passwd: 'weak' },
    });
    expect(weak.body.code).toBe(1006);

    const ok = await server.call('POST', '/global/modifyPwd', {
      body: { username: user.email, code, passwd: 'Reset1234' },
    });
    expect(ok.body).toEqual({ code: 0, data: null, msg: 'success' });
    expect((await userInfo(user.tokens.token)).body.code).toBe(1009);
    expect((await refresh(user.tokens.refresh_token)).body.code).toBe(1040);
    await login(server, user.email, 'Reset1234');

    // Single use.
    const reuse = await server.call('POST', '/global/modifyPwd', {
      body: { username: user.email, code, passwd: 'Again12345' },
    });
    expect(reuse.body.code).toBe(ErrorCode.E1016_PHONE_NOT_VERIFIED);
  });

  it('sends the code by SMS to a phone account', async () => {
    await freeCodeLimits();
    const phone = uniquePhone();
    await server.call('POST', `/global/phoneverify?phone=${phone}`);
    const code = await lastSmsCode(server.dataDir, `+86${phone}`);
    await server.call('POST', '/global/register?type=0', {
      body: { username: phone, passwd: 'abc12345', code },
    });
    await freeCodeLimits();

    const sent = await server.call('POST', '/global/forgetverify', {
      body: { username: phone, lang: 'zh-tw' },
    });
    expect(sent.body.data).toMatchObject({ channel: 'phone' });
    const resetCode = await lastSmsCode(server.dataDir, `+86${phone}`);
    const ok = await server.call('POST', '/global/modifyPwd', {
      body: { username: phone, code: resetCode, passwd: 'Phone1234' },
    });
    expect(ok.body.code).toBe(0);
    await login(server, phone, 'Phone1234');
  });

  it.each([
    ['unknown address', 'nobody@example.com', 1010],
    ['invalid name', 'not a name', 1006],
  ])('forgetverify: %s -> %i', async (_case, username, code) => {
    await freeCodeLimits();
    expect((await server.call('POST', '/global/forgetverify', { body: { username } })).body.code).toBe(code);
  });

  it('forgetverify: 1031 while the address is not verified (pending activation)', async () => {
    const { email } = await registerByEmail(server);
    const res = await server.call('POST', '/global/forgetverify', { body: { username: email } });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 1031 });
  });

  it('modifyPwd: 1016 without a code sent, 1010 unknown user', async () => {
    const user = await createActiveUser(server);
    const none = await server.call('POST', '/global/modifyPwd', {
      body: { username: user.email, code: '123456', passwd: 'Reset1234' },
    });
    expect(none.body.code).toBe(1016);
    const unknown = await server.call('POST', '/global/modifyPwd', {
      body: { username: 'ghost@example.com', code: '123456', passwd: 'Reset1234' },
    });
    expect(unknown.body.code).toBe(1010);
  });
});

describe('removal', () => {
  const closure = (user: { email: string; password: string }, overrides: Record<string, string> = {}) => ({
    account: user.email,
    true_name: 'Closer',
    data_center: 'eu',
    contact: '',
    passwd: user.password,
    ...overrides,
  });

  it.each([
    ['wrong password', { passwd: 'Wrong1234' }, ErrorCode.E1004_WRONG_PASSWORD],
    ['another account', { account: 'someone@example.com' }, ErrorCode.E1019_ACCOUNT_MISMATCH],
    ['wrong name', { true_name: 'Somebody' }, ErrorCode.E1019_ACCOUNT_MISMATCH],
    ['wrong data center', { data_center: 'cn' }, ErrorCode.E1019_ACCOUNT_MISMATCH],
    ['wrong contact', { contact: 'x' }, ErrorCode.E1019_ACCOUNT_MISMATCH],
  ])('refuses %s', async (_case, overrides, code) => {
    const user = await createActiveUser(server, { name: 'Closer' });
    const res = await server.call('POST', '/global/removal', {
      token: user.tokens.token,
      body: closure(user, overrides),
    });
    expect(res.body.code).toBe(code);
    expect((await userInfo(user.tokens.token)).body.code).toBe(0);
  });

  it('closes the account: 1055 on every call with its still-valid token, on refresh and on login', async () => {
    const user = await createActiveUser(server, { name: 'Closer' });
    const res = await server.call('POST', '/global/removal', {
      token: user.tokens.token,
      body: closure(user),
    });
    expect(res.body).toEqual({ code: 0, data: null, msg: 'success' });

    for (const [method, path] of [
      ['GET', '/global/getUserInfo'],
      ['GET', '/msg/notify/count'],
      ['POST', '/global/logout'],
    ] as const) {
      const r = await server.call(method, path, { token: user.tokens.token });
      expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 401, code: 1055 });
    }
    expect((await refresh(user.tokens.refresh_token)).body.code).toBe(1055);
    const again = await server.call('POST', '/global/login?type=1', {
      body: { user: user.email, passwd: user.password },
    });
    expect(again.body.code).toBe(1055);
    // The address stays taken.
    const reg = await server.call('POST', '/global/register?type=1', {
      body: { username: user.email, passwd: 'abc12345' },
    });
    expect(reg.body.code).toBe(1012);
  });
});

describe('add/datacenter', () => {
  it('the current region is a no-op, a peer region is added, others are 1104, unknown 1006', async () => {
    const { tokens } = await createActiveUser(server);
    const add = (data_center: string) =>
      server.call('POST', '/global/add/datacenter', { token: tokens.token, body: { data_center } });
    expect((await add('eu')).body).toEqual({ code: 0, data: { data_center: 'eu' }, msg: 'success' });
    expect((await add('in')).body.data).toEqual({ data_center: 'eu,in' });
    expect((await add('in')).body.data).toEqual({ data_center: 'eu,in' });
    expect((await add('cn')).body.code).toBe(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    expect((await add('us')).body.code).toBe(1006);
    expect((await userInfo(tokens.token)).body.data.data_center).toBe('eu,in');
  });

  it('getUserInfo names the peer regions the server can add (the console offers only those)', async () => {
    const { tokens } = await createActiveUser(server);
    expect((await userInfo(tokens.token)).body.data).toMatchObject({ peer_regions: ['in'], billing: true });
    const lone = await startTestServer({ BILLING_ENABLED: 'false' });
    try {
      const user = await createActiveUser(lone);
      const info = await lone.call<UserProfile>('GET', '/global/getUserInfo', { token: user.tokens.token });
      expect(info.body.data).toMatchObject({ peer_regions: [], billing: false });
      const add = await lone.call('POST', '/global/add/datacenter', {
        token: user.tokens.token,
        body: { data_center: 'in' },
      });
      expect(add.body.code).toBe(ErrorCode.E1104_NO_ACCOUNT_DATA_IN_DC);
    } finally {
      await lone.close();
    }
  });
});
