import { ErrorCode, userProfile, type TokenPair, type UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActiveUser,
  followActivation,
  login,
  registerByEmail,
  uniqueEmail,
  uniquePhone,
} from '../../../test/factories.ts';
import { activationLink, lastMailTo, lastSmsCode } from '../../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // The production code limit per address (the test server relaxes it): the phone cases test it.
  server = await startTestServer({ PUBLIC_URL: 'https://console.example.test', CODE_IP_LIMIT: '30' });
});
afterAll(() => server.close());

/** Forgets the per-IP code counter so each case starts from a clean slate. */
const resetIpLimits = () => server.app.db.deleteFrom('rate_events').where('kind', '=', 'code:ip').execute();

describe('register by email', () => {
  it('registers, mails a 48-hour link, activates, signs in and returns the exact profile', async () => {
    const email = uniqueEmail('Ann');
    const before = Date.now();
    const reg = await server.call('POST', '/global/register?type=1', {
      body: { username: email, passwd: 'abc12345', name: 'Ann Lee', lang: 'en-us' },
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ code: 0, data: { status: 'pending' }, msg: 'success' });

    const mail = await lastMailTo(server.dataDir, email);
    expect(mail.subject).toBe('HMI Cloud: please activate your account');
    expect(mail.text).toContain('48 hours');
    const link = activationLink(mail);
    expect(link.startsWith('https://console.example.test/v1/global/activate?token=')).toBe(true);
    const token = await server.app.db
      .selectFrom('activation_tokens')
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(token.expires_at - before).toBeGreaterThanOrEqual(48 * 3600_000);
    expect(token.expires_at - Date.now()).toBeLessThanOrEqual(48 * 3600_000);

    // Before activation: 1014.
    const early = await server.call('POST', '/global/login?type=1', {
      body: { user: email, passwd: 'abc12345' },
    });
    expect(early.body.code).toBe(ErrorCode.E1014_ACTIVATE_VIA_EMAIL);

    const activated = await followActivation(server, link);
    expect(activated.status).toBe(302);
    expect(activated.headers.get('location')).toBe('/#/activeresult?code=0');

    // Login is case-insensitive on the address; PUBLIC_URL names another host than the one called.
    const pair = await login(server, email.toUpperCase(), 'abc12345');
    expect(pair).toMatchObject({ host: 'https://console.example.test', region: 'eu' });
    expect(pair.token.split('.')).toHaveLength(3);
    expect(pair.refresh_token).toMatch(/^[\w-]{40,}$/);

    const info = await server.call<UserProfile>('GET', '/global/getUserInfo', { token: pair.token });
    expect(info.body.code).toBe(0);
    expect(Object.keys(info.body.data).sort()).toEqual(Object.keys(userProfile.shape).sort());
    expect(info.body.data).toMatchObject({
      data_center: 'eu',
      name: 'Ann Lee',
      contact: '',
      alias_name: '',
      dgroup_id: 0,
      template_max_num: 1,
      template_max_id: 0,
      team_name: 'Ann Lee',
      is_main: true,
      member_ext: {},
      project_max_id: 0,
    });
    expect(info.body.data.leader_id).toBe(info.body.data.dbuser_id);
    expect(info.body.data.permissions).toContain(46);
    expect(info.body.data.permissions).toEqual([...info.body.data.permissions].sort((a, b) => a - b));
    expect(info.body.data.created_at).toBeGreaterThanOrEqual(before);

    // The welcome notice makes the message counts real.
    const counts = await server.call('GET', '/msg/notify/count', { token: pair.token });
    expect(counts.body.data).toEqual({
      total: { notice: 1, billing: 0, alarm: 0 },
      unread: { notice: 1, billing: 0, alarm: 0 },
    });

    // Following the link again after activation still shows success.
    expect((await followActivation(server, link)).headers.get('location')).toBe('/#/activeresult?code=0');
  });

  it('writes the mail in the language of the request (zh-cn by default)', async () => {
    const tw = await registerByEmail(server, { lang: 'zh-tw' });
    expect((await lastMailTo(server.dataDir, tw.email)).subject).toBe('HMI 雲平台：請啟用您的帳號');
    const cnEmail = uniqueEmail('cn');
    await server.call('POST', '/global/register?type=1', { body: { username: cnEmail, passwd: 'abc12345' } });
    const cn = await lastMailTo(server.dataDir, cnEmail);
    expect(cn.subject).toBe('HMI 云平台：请激活您的账号');
    expect(cn.text).toContain('48 小时');
  });

  it.each([
    ['bad address', { username: 'not-an-email', passwd: 'abc12345' }, 400, ErrorCode.E1006_BAD_PARAMETER],
    ['short password', { username: 'x@example.com', passwd: 'a1' }, 400, ErrorCode.E1006_BAD_PARAMETER],
    [
      'one class only',
      { username: 'x@example.com', passwd: 'abcdefghij' },
      400,
      ErrorCode.E1006_BAD_PARAMETER,
    ],
    [
      '17 characters',
      { username: 'x@example.com', passwd: 'abcdefgh123456789' },
      400,
      ErrorCode.E1006_BAD_PARAMETER,
    ],
    ['missing password', { username: 'x@example.com' }, 400, ErrorCode.E1006_BAD_PARAMETER],
    ['other region', { username: 'x@example.com', passwd: 'abc12345', data_center: 'cn' }, 403, 1078],
    ['unknown region', { username: 'x@example.com', passwd: 'abc12345', data_center: 'us' }, 400, 1006],
  ])('refuses %s', async (_case, body, status, code) => {
    const res = await server.call('POST', '/global/register?type=1', { body });
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  });

  it('names the failed rule as an i18n key', async () => {
    const res = await server.call('POST', '/global/register?type=1', {
      body: { username: 'x@example.com', passwd: 'abcdefghij' },
    });
    expect(res.body.data).toEqual({
      where: 'body',
      fields: [{ path: 'passwd', message: 'validation.password.classes', params: {} }],
    });
  });

  it('1012 for a taken address, 1014 while it waits for activation', async () => {
    const active = await createActiveUser(server);
    const again = await server.call('POST', '/global/register?type=1', {
      body: { username: active.email, passwd: 'abc12345' },
    });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 1012 });

    const pending = await registerByEmail(server);
    const twice = await server.call('POST', '/global/register?type=1', {
      body: { username: pending.email, passwd: 'abc12345' },
    });
    expect(twice.body.code).toBe(ErrorCode.E1014_ACTIVATE_VIA_EMAIL);
  });

  it('resends the activation mail once a minute at most (1015), and not for unknown or active accounts', async () => {
    const { email } = await registerByEmail(server);
    const tooSoon = await server.call('POST', '/global/resendmail?type=1', { body: { username: email } });
    expect({ status: tooSoon.status, code: tooSoon.body.code }).toEqual({ status: 429, code: 1015 });

    // A minute later (the first send is moved back in time) the resend goes out with a new link.
    await server.app.db
      .updateTable('rate_events')
      .set({ created_at: Date.now() - 61_000 })
      .where('subject', '=', email)
      .execute();
    const firstLink = activationLink(await lastMailTo(server.dataDir, email));
    const resent = await server.call('POST', '/global/resendmail?type=1', {
      body: { username: email, lang: 'zh-tw' },
    });
    expect(resent.body).toMatchObject({ code: 0 });
    const mail = await lastMailTo(server.dataDir, email);
    expect(mail.subject).toBe('HMI 雲平台：請啟用您的帳號');
    expect(activationLink(mail)).not.toBe(firstLink);

    const unknown = await server.call('POST', '/global/resendmail?type=1', {
      body: { username: uniqueEmail() },
    });
    expect(unknown.body.code).toBe(ErrorCode.E1010_USER_NOT_FOUND);
    const active = await createActiveUser(server);
    const done = await server.call('POST', '/global/resendmail?type=1', { body: { username: active.email } });
    expect(done.body.code).toBe(ErrorCode.E1012_USER_EXISTS);
  });

  it('the daily limit of activation mails is 5 per address', async () => {
    const { email } = await registerByEmail(server);
    const results: number[] = [];
    for (let i = 0; i < 5; i++) {
      await server.app.db
        .updateTable('rate_events')
        .set({ created_at: Date.now() - 3600_000 })
        .where('subject', '=', email)
        .execute();
      results.push(
        (await server.call('POST', '/global/resendmail?type=1', { body: { username: email } })).body.code,
      );
    }
    expect(results).toEqual([0, 0, 0, 0, ErrorCode.E1015_EMAIL_LIMIT]);
  });

  it('an expired or unknown link redirects with 1020', async () => {
    const { email } = await registerByEmail(server);
    const link = activationLink(await lastMailTo(server.dataDir, email));
    await server.app.db
      .updateTable('activation_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await followActivation(server, link)).headers.get('location')).toBe('/#/activeresult?code=1020');
    const unknown = await fetch(`${server.url}/v1/global/activate?token=nope`, { redirect: 'manual' });
    expect(unknown.headers.get('location')).toBe('/#/activeresult?code=1020');
    const none = await fetch(`${server.url}/v1/global/activate`, { redirect: 'manual' });
    expect(none.headers.get('location')).toBe('/#/activeresult?code=1020');
    const stillPending = await server.call('POST', '/global/login?type=1', {
      body: { user: email, passwd: 'Secret123' },
    });
    expect(stillPending.body.code).toBe(ErrorCode.E1014_ACTIVATE_VIA_EMAIL);
  });
});

describe('register by phone', () => {
  it('sends a 6-digit SMS code, registers with it and signs in with the phone number', async () => {
    await resetIpLimits();
    const phone = uniquePhone();
    const sent = await server.call('POST', `/global/phoneverify?phone=${phone}&area_code=%2B86`);
    expect(sent.body).toEqual({ code: 0, data: { expires_in: 600 }, msg: 'success' });
    const code = await lastSmsCode(server.dataDir, `+86${phone}`);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, never in clear.
    const rows = await server.app.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(rows.every((r) => !r.code_hash.includes(code))).toBe(true);

    const reg = await server.call('POST', '/global/register?type=0', {
      body: { username: phone, passwd: 'abc12345', area_code: '+86', code },
    });
    expect(reg.body).toEqual({ code: 0, data: { status: 'active' }, msg: 'success' });
    const pair = await login(server, phone, 'abc12345');
    const info = await server.call<UserProfile>('GET', '/global/getUserInfo', { token: pair.token });
    expect(info.body.data).toMatchObject({ name: phone, is_main: true, data_center: 'eu' });

    // Single use: the same code cannot register anything again.
    const again = await server.call('POST', '/global/phoneverify?phone=' + phone);
    expect(again.body.code).toBe(ErrorCode.E1012_USER_EXISTS);
  });

  /** Requests a code for a fresh phone and returns it. */
  async function freshCode() {
    await resetIpLimits();
    const phone = uniquePhone();
    expect((await server.call('POST', `/global/phoneverify?phone=${phone}`)).body.code).toBe(0);
    return { phone, code: await lastSmsCode(server.dataDir, `+86${phone}`) };
  }
  const register = (phone: string, code?: string) =>
    server.call<TokenPair>('POST', '/global/register?type=0', {
      body: { username: phone, passwd: 'abc12345', ...(code !== undefined && { code }) },
    });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('1016 without a code sent, 1016 without a code given', async () => {
    expect((await register(uniquePhone(), '123456')).body.code).toBe(ErrorCode.E1016_PHONE_NOT_VERIFIED);
    const { phone } = await freshCode();
    expect((await register(phone)).body.code).toBe(ErrorCode.E1016_PHONE_NOT_VERIFIED);
  });

  it('1011 for a wrong code, then 1017 after 5 wrong attempts even with the right one', async () => {
    const { phone, code } = await freshCode();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await register(phone, wrong(code))).body.code);
    expect(codes).toEqual(Array(5).fill(ErrorCode.E1011_VERIFY_CODE_WRONG));
    expect((await register(phone, code)).body.code).toBe(ErrorCode.E1017_REGET_PHONE_CODE);
  });

  it('1022 for an expired code', async () => {
    const { phone, code } = await freshCode();
    await server.app.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('destination', '=', `+86${phone}`)
      .execute();
    expect((await register(phone, code)).body.code).toBe(ErrorCode.E1022_CODE_EXPIRED);
  });

  it('codes expire after 10 minutes', async () => {
    const { phone } = await freshCode();
    const row = await server.app.db
      .selectFrom('verification_codes')
      .select(['created_at', 'expires_at'])
      .where('destination', '=', `+86${phone}`)
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(10 * 60_000);
  });

  it('1006 for an invalid phone number or area code', async () => {
    await resetIpLimits();
    expect((await server.call('POST', '/global/phoneverify?phone=12345')).body.code).toBe(1006);
    expect((await server.call('POST', '/global/phoneverify?phone=13800000000&area_code=86')).body.code).toBe(
      1006,
    );
    expect((await server.call('POST', '/global/phoneverify')).body.code).toBe(1006);
  });

  it('throttles codes per destination (1 a minute, 10 a day) and per IP (30 an hour) with 1036', async () => {
    const { phone } = await freshCode();
    const second = await server.call('POST', `/global/phoneverify?phone=${phone}`);
    expect({ status: second.status, code: second.body.code }).toEqual({ status: 429, code: 1036 });

    const day = Date.now() - 3600_000;
    await server.app.db
      .updateTable('rate_events')
      .set({ created_at: day })
      .where('subject', '=', `+86${phone}`)
      .execute();
    await server.app.db
      .insertInto('rate_events')
      .values(
        Array.from({ length: 9 }, () => ({ kind: 'code:dest', subject: `+86${phone}`, created_at: day })),
      )
      .execute();
    await resetIpLimits();
    expect((await server.call('POST', `/global/phoneverify?phone=${phone}`)).body.code).toBe(1036);

    await server.app.db
      .insertInto('rate_events')
      .values(
        Array.from({ length: 30 }, () => ({ kind: 'code:ip', subject: '127.0.0.1', created_at: Date.now() })),
      )
      .execute();
    expect((await server.call('POST', `/global/phoneverify?phone=${uniquePhone()}`)).body.code).toBe(1036);
    await resetIpLimits();
    expect((await server.call('POST', `/global/phoneverify?phone=${uniquePhone()}`)).body.code).toBe(0);
  });
});
