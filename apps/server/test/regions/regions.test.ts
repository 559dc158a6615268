import type { TokenPair, UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/lib/free-port.ts';
import { DirectoryJwks } from '../../src/modules/directory/directory-jwks.ts';
import { DirectoryJwksRepo } from '../../src/modules/directory/directory-jwks.repo.ts';
import { regionAudience, type DirectoryTokens } from '../../src/modules/directory/directory-tokens.ts';
import { NO_LOCAL_PASSWORD } from '../../src/modules/directory/regional-accounts.ts';
import { createSubAccount, DEFAULT_PASSWORD, followActivation, uniqueEmail } from '../factories.ts';
import { activationLink, lastMailTo } from '../outbox.ts';
import { startTestServer, type TestServer } from '../test-server.ts';

/*
 * A directory and two regions (cn, eu), each on its own database (docs/regions.md): sign-up and
 * sign-in at the directory, the regional host in the reply, a data center added, data staying in
 * its region, a password change and a closure reaching every region, a region serving the tokens
 * it can verify while the directory is down, and a key rotation.
 */
let directory: TestServer;
let cn: TestServer;
let eu: TestServer;
const servers = (): TestServer[] => [directory, cn, eu].filter(Boolean);

beforeAll(async () => {
  const [dirPort, cnPort, euPort] = [await freePort(), await freePort(), await freePort()];
  const hosts = { cn: `http://127.0.0.1:${cnPort}`, eu: `http://127.0.0.1:${euPort}` };
  const directoryUrl = `http://127.0.0.1:${dirPort}`;
  directory = await startTestServer(
    {
      REGION: 'eu',
      REGION_HOSTS: `cn=${hosts.cn},eu=${hosts.eu}`,
      PUBLIC_URL: directoryUrl,
      SIGNING_KEY_OVERLAP: '0',
    },
    { port: dirPort },
  );
  cn = await startTestServer({ REGION: 'cn', DIRECTORY_URL: directoryUrl }, { port: cnPort });
  eu = await startTestServer({ REGION: 'eu', DIRECTORY_URL: directoryUrl }, { port: euPort });
}, 60_000);
afterAll(async () => {
  await Promise.all(servers().map((s) => s.close().catch(() => undefined)));
});

async function signUp(region: string) {
  const email = uniqueEmail(`dir-${region}`);
  const reg = await directory.call('POST', '/global/register?type=1', {
    body: { username: email, passwd: DEFAULT_PASSWORD, name: 'Ada', data_center: region, lang: 'en-us' },
  });
  expect(reg.body).toMatchObject({ code: 0 });
  const activation = await followActivation(
    directory,
    activationLink(await lastMailTo(directory.dataDir, email)),
  );
  expect(activation.headers.get('location')).toBe('/#/activeresult?code=0');
  return email;
}

async function signIn(server: TestServer, email: string, password = DEFAULT_PASSWORD, region?: string) {
  return server.call<TokenPair>('POST', '/global/login?type=1', {
    body: { user: email, passwd: password, region },
  });
}

const profile = (server: TestServer, token: string) =>
  server.call<UserProfile>('GET', '/global/getUserInfo', { token });

describe('regions: a directory over two regional stacks', () => {
  it('signs up and in at the directory, answers the regional host, and keeps data in its region', async () => {
    const email = await signUp('cn');
    const login = await signIn(directory, email);
    expect(login.body).toMatchObject({ code: 0, data: { host: cn.url, region: 'cn' } });
    const { token, refresh_token } = login.body.data;

    // The region verifies the directory's token with its JWKS: no shared secret.
    expect(cn.config.jwtSecret).not.toEqual(directory.config.jwtSecret);
    const me = await profile(cn, token);
    expect(me.body).toMatchObject({ code: 0, data: { data_center: 'cn', name: 'Ada', is_main: true } });
    // eu has no data of this account: the token does not name it, and signing in there says 1104.
    expect((await profile(eu, token)).body.code).toBe(1009);
    expect((await signIn(eu, email)).body.code).toBe(1104);
    // Signing in at the region's own host works too (it asks the directory).
    expect((await signIn(cn, email)).body).toMatchObject({ code: 0, data: { host: cn.url, region: 'cn' } });

    const label = await cn.call('POST', '/device/label/add', { token, body: { name: 'only-in-cn' } });
    expect(label.body).toMatchObject({ code: 0 });
    const labelsIn = async (s: TestServer) =>
      (await s.app.db.selectFrom('labels').select('name').where('name', '=', 'only-in-cn').execute()).length;
    expect([await labelsIn(cn), await labelsIn(eu), await labelsIn(directory)]).toEqual([1, 0, 0]);
    // The region holds who the account is, never its password.
    const regional = await cn.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(regional.password_hash).toBe(NO_LOCAL_PASSWORD);
    expect(regional.global_id).toBeGreaterThan(0);
    // A region's internal routes take only a directory token made for them.
    const event = { type: 'closed', global_id: regional.global_id, at: Date.now() };
    const forEu = await (directory.app.services.tokens as DirectoryTokens).serviceToken('eu');
    for (const auth of [token, forEu, `Bearer ${forEu}`]) {
      const res = await cn.call('POST', '/internal/directory/events', { token: auth, body: event });
      expect(res.body.code).toBe(1009);
    }
    expect((await profile(cn, token)).body.code).toBe(0);

    // Adding a data center (through the regional host) opens the account in eu at once.
    const added = await cn.call('POST', '/global/add/datacenter', { token, body: { data_center: 'eu' } });
    expect(added.body).toMatchObject({ code: 0, data: { data_center: 'cn,eu' } });
    expect(
      await eu.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeDefined();
    expect(
      (await cn.call('POST', '/global/add/datacenter', { token, body: { data_center: 'in' } })).body.code,
    ).toBe(1104);
    // Switching region: the host of eu; a refreshed token names eu too, no new sign-in.
    const to = await cn.call<{ token: string }>('GET', '/global/region?region=eu', { token });
    expect(to.body).toMatchObject({ code: 0, data: { host: eu.url, region: 'eu' } });
    expect((await profile(eu, to.body.data.token)).body.code).toBe(0);
    const refreshed = await eu.call<TokenPair>('POST', '/refreshtoken?from=web', { token: refresh_token });
    expect(refreshed.body.code).toBe(0);
    const { token: token2 } = refreshed.body.data;
    expect((await profile(eu, token2)).body).toMatchObject({ code: 0, data: { data_center: 'cn,eu' } });
    expect((await profile(cn, token2)).body.code).toBe(0);
    // Billing follows the server answering: none in region cn, shown in eu.
    expect((await profile(cn, token2)).body.data.billing).toBe(false);
    expect((await profile(eu, token2)).body.data.billing).toBe(true);
    expect((await eu.call('GET', '/device/label/list', { token: token2 })).body).toMatchObject({
      code: 0,
      data: { list: [] },
    });
  });

  it('a password change ends the sessions in every region; a closure closes the account everywhere (1055)', async () => {
    const email = await signUp('cn');
    const first = (await signIn(directory, email)).body.data;
    expect(
      (await cn.call('POST', '/global/add/datacenter', { token: first.token, body: { data_center: 'eu' } }))
        .body.code,
    ).toBe(0);
    const { token } = (await signIn(directory, email, DEFAULT_PASSWORD, 'eu')).body.data;
    expect((await profile(eu, token)).body.code).toBe(0);
    expect((await profile(cn, token)).body.code).toBe(0);

    // A token of another session, never shown to a region before the change.
    const unseen = (await signIn(directory, email)).body.data.token;
    const changed = await eu.call<TokenPair>('POST', '/global/changePwd', {
      token,
      body: { old_passwd: DEFAULT_PASSWORD, passwd: 'Another123' },
    });
    expect(changed.body.code).toBe(0);
    for (const region of [cn, eu]) expect((await profile(region, token)).body.code).toBe(1009);
    for (const region of [cn, eu]) expect((await profile(region, unseen)).body.code).toBe(1009);
    const fresh = changed.body.data.token;
    for (const region of [cn, eu]) expect((await profile(region, fresh)).body.code).toBe(0);
    expect((await signIn(directory, email)).body.code).toBe(1004);

    const closed = await cn.call('POST', '/global/removal', {
      token: fresh,
      body: { account: email, true_name: 'Ada', data_center: 'cn', contact: '', passwd: 'Another123' },
    });
    expect(closed.body).toMatchObject({ code: 0 });
    for (const region of [cn, eu]) expect((await profile(region, fresh)).body.code).toBe(1055);
    for (const region of [cn, eu]) {
      const row = await region.app.db
        .selectFrom('users')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('closed');
    }
    expect((await signIn(directory, email, 'Another123')).body.code).toBe(1055);
  });

  it("a region's own sub-accounts sign in there and cannot add data centers (1105)", async () => {
    const email = await signUp('cn');
    const { token } = (await signIn(directory, email)).body.data;
    const main = { profile: (await profile(cn, token)).body.data };
    const sub = await createSubAccount(cn, main);
    const login = await signIn(cn, sub.email, sub.password);
    expect(login.body.code).toBe(0);
    const added = await cn.call('POST', '/global/add/datacenter', {
      token: login.body.data.token,
      body: { data_center: 'eu' },
    });
    expect(added.body.code).toBe(1105);
  });

  it('rotates the signing key with overlap, and a region keeps serving tokens while the directory is down', async () => {
    const email = await signUp('cn');
    const before = (await signIn(directory, email)).body.data;
    const keys = directory.app.services.directory.keys!;
    const oldKids = (await keys.jwks()).keys.map((k) => k.kid);
    const kid = await keys.rotate();
    const published = (await keys.jwks()).keys.map((k) => k.kid);
    expect(published).toEqual(expect.arrayContaining([...oldKids, kid]));
    // Every older key retires once the last token it signed has expired.
    expect(
      (await keys.jwks(Date.now() + directory.config.accessTokenTtl * 1000 + 120_000)).keys.map((k) => k.kid),
    ).toEqual([kid]);

    expect(await cn.app.services.directory.refreshKeys()).toBe(true);
    const after = (await signIn(directory, email)).body.data;
    expect(JSON.parse(Buffer.from(after.token.split('.')[0]!, 'base64url').toString()).kid).toBe(kid);
    expect((await profile(cn, before.token)).body.code).toBe(0);
    expect((await profile(cn, after.token)).body.code).toBe(0);

    await directory.close();
    expect((await profile(cn, after.token)).body.code).toBe(0);
    expect((await cn.call('POST', '/refreshtoken?from=web', { token: after.refresh_token })).body.code).toBe(
      1007,
    );
    // A region started again while the directory is down verifies with the keys it kept.
    const restarted = new DirectoryJwks(new DirectoryJwksRepo(cn.app.db), directory.url, 60_000, cn.app.log);
    await restarted.start();
    restarted.stop();
    await expect(restarted.verify(after.token, regionAudience('cn'))).resolves.toMatchObject({
      sid: expect.any(String),
    });
  });
});
