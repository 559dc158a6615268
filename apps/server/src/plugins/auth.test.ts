import { Perm, type UserProfile } from '@hmi/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../test/factories.ts';
import { buildDevice } from '../modules/device/device-test-factories.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { inScope, isInScope, whereInScope } from '../lib/data-scope.ts';
import { ok } from '../lib/reply.ts';
import { authPlugin, requirePermission, requireUser, scopeOf, signedIn } from './auth.ts';
import { errorsPlugin } from './errors.ts';

let server: TestServer;
let probe: FastifyInstance;
let probeUrl: string;

/** A small app on the test server's database with routes guarded like real ones. */
async function buildProbe(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { principals: server.app.services.principals });
  app.get('/open', { config: { public: true } }, async () => ok('open'));
  app.get('/me', { preHandler: signedIn }, async (request) => ok(requireUser(request).id));
  app.get('/devices', { preHandler: requirePermission(Perm.DeviceView) }, async () => ok('devices'));
  app.get('/both', { preHandler: requirePermission(Perm.DeviceView, Perm.DeviceEdit) }, async () =>
    ok('both'),
  );
  app.get('/boom', { preHandler: signedIn }, async () => {
    throw new Error('secret internal detail');
  });
  // The data-scope helpers on the devices table.
  app.get('/scoped-where', { preHandler: signedIn }, async (request) => {
    const rows = await server.app.db
      .selectFrom('devices')
      .select('id')
      .where(inScope(scopeOf(request), 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('id')
      .execute();
    return ok(rows.map((r) => r.id));
  });
  app.get('/scoped', { preHandler: signedIn }, async (request) => {
    const rows = await server.app.db
      .selectFrom('devices')
      .select('id')
      .$call((q) => whereInScope(q, scopeOf(request), 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('id')
      .execute();
    return ok(rows.map((r) => r.id));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

beforeAll(async () => {
  server = await startTestServer();
  probe = await buildProbe();
  const address = probe.server.address();
  probeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await probe.close();
  await server.close();
});

const get = async (path: string, token?: string) => {
  const res = await fetch(`${probeUrl}${path}`, { headers: token ? { authorization: token } : {} });
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown; msg: string } };
};

describe('deny by default', () => {
  it('refuses to start when a route declares no access rule', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, { principals: server.app.services.principals });
    expect(() => app.get('/forgotten', async () => 'oops')).toThrow(
      /GET \/forgotten declares no access rule/,
    );
    await app.close();
  });

  it('public routes need no token; all others do', async () => {
    expect((await get('/open')).body.code).toBe(0);
    expect(await get('/me')).toMatchObject({ status: 401, body: { code: 1008 } });
    expect(await get('/devices')).toMatchObject({ status: 401, body: { code: 1008 } });
  });
});

describe('permissions and data scope', () => {
  it('the main account holds every permission and sees its whole team', async () => {
    const main = await createActiveUser(server);
    expect((await get('/devices', main.tokens.token)).body.code).toBe(0);
    expect((await get('/both', main.tokens.token)).body.code).toBe(0);
    const device = await buildDevice(server, main.tokens.token);
    const scoped = await get('/scoped', main.tokens.token);
    expect(scoped.body.data).toEqual([device.id]);
  });

  it('a sub-account holds its role permissions only (1002 otherwise) and its data scope', async () => {
    const main = await createActiveUser(server);
    const granted = (await buildDevice(server, main.tokens.token)).id;
    await buildDevice(server, main.tokens.token);
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView],
      deviceIds: [granted],
    });
    const other = await createSubAccount(server, main, { permissions: [] });

    expect((await get('/devices', sub.tokens.token)).body.code).toBe(0);
    expect(await get('/both', sub.tokens.token)).toMatchObject({ status: 403, body: { code: 1002 } });
    expect(await get('/devices', other.tokens.token)).toMatchObject({ status: 403, body: { code: 1002 } });

    expect((await get('/scoped', sub.tokens.token)).body.data).toEqual([granted]);
    expect((await get('/scoped', other.tokens.token)).body.data).toEqual([]);
    expect((await get('/scoped-where', sub.tokens.token)).body.data).toEqual([granted]);
    expect((await get('/scoped-where', other.tokens.token)).body.data).toEqual([]);
    expect((await get('/scoped-where', main.tokens.token)).body.data).toHaveLength(2);
    // Another team's rows are outside every scope of this team.
    const stranger = await createActiveUser(server);
    expect((await get('/scoped', stranger.tokens.token)).body.data).not.toContain(granted);

    const profile = await server.call<UserProfile>('GET', '/global/getUserInfo', { token: sub.tokens.token });
    expect(profile.body.data).toMatchObject({
      is_main: false,
      permissions: [Perm.DeviceView],
      team_id: main.profile.team_id,
      team_name: main.profile.team_name,
      leader_id: main.profile.dbuser_id,
    });
  });

  it('isInScope checks team and id set', () => {
    const scope = {
      teamId: 1,
      devices: new Set([5]),
      groups: null,
      templates: null,
      projects: null,
      zones: null,
    };
    expect(isInScope(scope, 'devices', { teamId: 1, id: 5 })).toBe(true);
    expect(isInScope(scope, 'devices', { teamId: 1, id: 6 })).toBe(false);
    expect(isInScope(scope, 'groups', { teamId: 1, id: 6 })).toBe(true);
    expect(isInScope(scope, 'groups', { teamId: 2, id: 6 })).toBe(false);
  });

  it('sub-accounts: 1105 on add/datacenter, 1002 on renaming the team, no billing counts', async () => {
    const main = await createActiveUser(server);
    const sub = await createSubAccount(server, main);
    const dc = await server.call('POST', '/global/add/datacenter', {
      token: sub.tokens.token,
      body: { data_center: 'eu' },
    });
    expect({ status: dc.status, code: dc.body.code }).toEqual({ status: 403, code: 1105 });
    const rename = await server.call('POST', '/editUserInfo', {
      token: sub.tokens.token,
      body: { team_name: 'Mine' },
    });
    expect(rename.body.code).toBe(1002);
    expect(
      (await server.call('POST', '/editUserInfo', { token: sub.tokens.token, body: { alias_name: 'me' } }))
        .body.code,
    ).toBe(0);

    // A billing message for each of them (messages are per user).
    const users = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', main.profile.team_id)
      .execute();
    expect(users).toHaveLength(2);
    await server.app.db
      .insertInto('messages')
      .values(
        users.map((u) => ({
          team_id: main.profile.team_id,
          user_id: u.id,
          kind: 'billing' as const,
          title: 't',
          body: 'b',
          read_at: null,
          created_at: Date.now(),
        })),
      )
      .execute();
    const mainCounts = await server.call('GET', '/msg/notify/count', { token: main.tokens.token });
    expect(mainCounts.body.data).toMatchObject({ total: { billing: 1 }, unread: { billing: 1 } });
    const subCounts = await server.call('GET', '/msg/notify/count', { token: sub.tokens.token });
    expect(subCounts.body.data).toEqual({
      total: { notice: 0, billing: 0, alarm: 0 },
      unread: { notice: 0, billing: 0, alarm: 0 },
    });
  });
});

describe('unexpected errors', () => {
  it('become 500 / 1007 without leaking details', async () => {
    const main = await createActiveUser(server);
    const res = await get('/boom', main.tokens.token);
    expect(res).toEqual({ status: 500, body: { code: 1007, data: null, msg: 'Server error' } });
  });
});
