import { ErrorCode } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, uniquePhone } from '../../../test/factories.ts';
import { startTestServer, type TestServer, type CallOptions } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a proxy (TRUST_PROXY): the client address is X-Forwarded-For, so the test can be many
  // clients. The limits are the production defaults, which the test server otherwise relaxes.
  server = await startTestServer({
    TRUST_PROXY: 'true',
    REGISTER_IP_LIMIT: '20',
    REGISTER_IP_WINDOW: '3600',
    CODE_IP_LIMIT: '30',
    CODE_IP_WINDOW: '3600',
  });
});
afterAll(() => server.close());

const HOUR = 3600_000;
const from = (ip: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-forwarded-for': ip },
});
/** As if `ms` had passed for the limits of `ip`. */
const elapse = (ip: string, ms: number) =>
  server.app.db
    .updateTable('rate_events')
    .set((eb) => ({ created_at: eb('created_at', '-', ms) }))
    .where('subject', '=', ip)
    .execute();

describe('registrations per client address (REGISTER_IP_LIMIT=20 per hour)', () => {
  const register = (ip: string, username = uniqueEmail('flood')) =>
    server.call('POST', '/global/register?type=1', from(ip, { body: { username, passwd: 'abc12345' } }));

  it('of 41 registrations from one address the first 20 go through, then 1036 (a taken address too)', async () => {
    const ip = '198.51.100.1';
    const first = uniqueEmail('first');
    const codes = [(await register(ip, first)).body.code];
    for (let i = 1; i < 41; i++) codes.push((await register(ip)).body.code);
    expect(codes).toEqual([...Array(20).fill(0), ...Array(21).fill(ErrorCode.E1036_TOO_FREQUENT)]);
    // Refused before the lookup: a taken address no longer answers 1014/1012, a phone neither.
    const taken = await register(ip, first);
    expect({ status: taken.status, code: taken.body.code }).toEqual({ status: 429, code: 1036 });
    const phone = await server.call(
      'POST',
      '/global/register?type=0',
      from(ip, { body: { username: uniquePhone(), passwd: 'abc12345', code: '123456' } }),
    );
    expect(phone.body.code).toBe(ErrorCode.E1036_TOO_FREQUENT);
    // Another address is not held up; an hour later the first one registers again.
    expect((await register('198.51.100.2')).body.code).toBe(0);
    await elapse(ip, HOUR);
    expect((await register(ip)).body.code).toBe(0);
  });
});

describe('account lookups and codes per client address (CODE_IP_LIMIT=30 per hour)', () => {
  const calls = {
    forgetverify: (ip: string) =>
      server.call('POST', '/global/forgetverify', from(ip, { body: { username: uniqueEmail('nobody') } })),
    modifyPwd: (ip: string) =>
      server.call(
        'POST',
        '/global/modifyPwd',
        from(ip, { body: { username: uniqueEmail('nobody'), code: '123456', passwd: 'abc12345' } }),
      ),
    resendmail: (ip: string) =>
      server.call(
        'POST',
        '/global/resendmail?type=1',
        from(ip, { body: { username: uniqueEmail('nobody') } }),
      ),
    phoneverify: (ip: string) =>
      server.call('POST', `/global/phoneverify?phone=${uniquePhone()}&purpose=forget`, from(ip)),
  };

  it('30 answers of 1010 for unknown accounts from one address, then 1036 on every one of these routes', async () => {
    const ip = '198.51.100.10';
    const codes: number[] = [];
    for (const call of Object.values(calls)) {
      for (let i = 0; i < 7; i++) codes.push((await call(ip)).body.code);
    }
    codes.push((await calls.forgetverify(ip)).body.code, (await calls.forgetverify(ip)).body.code);
    expect(codes).toEqual(Array(30).fill(ErrorCode.E1010_USER_NOT_FOUND));
    for (const [route, call] of Object.entries(calls)) {
      const res = await call(ip);
      expect({ route, status: res.status, code: res.body.code }).toEqual({ route, status: 429, code: 1036 });
    }
    // Another address still gets its answer; the first one again an hour later.
    expect((await calls.forgetverify('198.51.100.11')).body.code).toBe(ErrorCode.E1010_USER_NOT_FOUND);
    await elapse(ip, HOUR);
    expect((await calls.forgetverify(ip)).body.code).toBe(ErrorCode.E1010_USER_NOT_FOUND);
  });
});
