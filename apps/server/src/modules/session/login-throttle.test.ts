import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.app.db.deleteFrom('login_attempts').execute());

const HOUR = 3600_000;
const LOCAL_IP = '127.0.0.1';

/** Inserts failed attempts directly: the policy is what is tested, not argon2's speed. */
async function failures(n: number, who: { account?: string; ip?: string }, at = Date.now()) {
  await server.app.db
    .insertInto('login_attempts')
    .values(
      Array.from({ length: n }, (_, i) => ({
        account: who.account ?? `stranger${i}@example.com`,
        ip: who.ip ?? `203.0.113.${i % 250}`,
        ok: 0,
        created_at: at,
      })),
    )
    .execute();
}

const attempt = (user: string, passwd: string) =>
  server.call('POST', '/global/login?type=1', { body: { user, passwd } });

describe('login throttling (100 failures per sliding hour)', () => {
  it('the 101st attempt on an account is refused with 1036 even with the right password', async () => {
    const user = await createActiveUser(server);
    await server.app.db.deleteFrom('login_attempts').execute();
    await failures(99, { account: user.email });
    // The 100th failure goes through the real path (wrong password: 1004)...
    expect((await attempt(user.email, 'Wrong1234')).body.code).toBe(1004);
    // ...and the next one is refused although the password is right.
    const refused = await attempt(user.email, user.password);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 1036 });
  });

  it('99 failures do not block the right password', async () => {
    const user = await createActiveUser(server);
    await server.app.db.deleteFrom('login_attempts').execute();
    await failures(99, { account: user.email });
    expect((await attempt(user.email, user.password)).body.code).toBe(0);
  });

  it('failures older than the window no longer count (a lock never lasts forever)', async () => {
    const user = await createActiveUser(server);
    await server.app.db.deleteFrom('login_attempts').execute();
    await failures(150, { account: user.email }, Date.now() - HOUR - 1000);
    expect((await attempt(user.email, user.password)).body.code).toBe(0);
  });

  it('per IP: 100 failures from an address over any accounts block every login from it', async () => {
    const user = await createActiveUser(server);
    await failures(100, { ip: LOCAL_IP });
    expect((await attempt(user.email, user.password)).body.code).toBe(1036);
    // Unknown users count as failures too.
    await server.app.db.deleteFrom('login_attempts').execute();
    await failures(99, { ip: LOCAL_IP });
    expect((await attempt('ghost@example.com', 'Whatever1')).body.code).toBe(1010);
    expect((await attempt(user.email, user.password)).body.code).toBe(1036);
  });

  it('an address that signed in to the account before is not locked out by a stranger', async () => {
    const user = await createActiveUser(server); // signs in from 127.0.0.1: a known address now
    await failures(100, { account: user.email }); // a stranger, from other addresses
    expect((await attempt(user.email, user.password)).body.code).toBe(0);
    // A wrong password from the known address still counts and still gets 1004.
    expect((await attempt(user.email, 'Wrong1234')).body.code).toBe(1004);
  });

  it('a success does not reset the failure counters', async () => {
    const user = await createActiveUser(server);
    await server.app.db.deleteFrom('login_attempts').execute();
    await failures(99, { ip: LOCAL_IP });
    expect((await attempt(user.email, user.password)).body.code).toBe(0);
    expect((await attempt(user.email, 'Wrong1234')).body.code).toBe(1004);
    expect((await attempt(user.email, user.password)).body.code).toBe(1036);
  });
});
