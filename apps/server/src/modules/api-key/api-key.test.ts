import { Perm, type ApiKeyCreated, type ApiKeyListReply, type DeviceListReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { WebSocket } from 'ws';
import { buildDevice } from '../device/device-test-factories.ts';

/*
 * API keys: shown once, hashed, narrower than their user on every call, read-only, refused on
 * the account's own routes, expiring, revocable, rate-limited, writes recorded with the key's
 * name, and narrowed or ended at once when the user's role, team or account changes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ API_KEY_RATE: '1', API_KEY_BURST: '30' });
});
afterAll(async () => server?.close());

type Main = Awaited<ReturnType<typeof createActiveUser>>;

async function addKey(token: string, body: Record<string, unknown>) {
  return server.call<ApiKeyCreated>('POST', '/apikey/add', {
    token,
    body: { name: 'mes', expires_in_days: 30, permissions: [], ...body },
  });
}

const listDevices = (key: string) =>
  server.call<DeviceListReply>('GET', '/device/list?page=1&page_size=50', { token: `Bearer ${key}` });

describe('API keys', () => {
  let main: Main;
  beforeAll(async () => {
    main = await createActiveUser(server);
  });

  it('is shown once, stored hashed, and answers with its own rights, never wider', async () => {
    const made = await addKey(main.tokens.token, { permissions: [Perm.DeviceView] });
    expect(made.body.code).toBe(0);
    const { key, prefix } = made.body.data;
    expect(key.startsWith('hmk_') && key.startsWith(prefix)).toBe(true);
    const row = await server.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.slice(4));
    const list = await server.call<ApiKeyListReply>('GET', '/apikey/list', { token: main.tokens.token });
    expect(JSON.stringify(list.body.data)).not.toContain(key.slice(4));

    expect((await listDevices(key)).body.code).toBe(0);
    // The main account may add labels; this key may not (1002), nor reach the account's routes.
    expect(
      (await server.call('POST', '/device/label/add', { token: key, body: { name: 'x' } })).body.code,
    ).toBe(1002);
    const changePwd = await server.call('POST', '/global/changePwd', {
      token: key,
      body: { old_passwd: 'a', passwd: 'b' },
    });
    expect(changePwd.body.code).toBe(1002);
    expect((await addKey(key, {})).body.code).toBe(1002);
    expect((await server.call('GET', '/global/getUserInfo', { token: key })).body.code).toBe(0);
    expect((await server.call('POST', '/refreshtoken', { token: key })).body.code).not.toBe(0);
  });

  it('refuses rights its user does not have, and devices outside their scope', async () => {
    const device = await buildDevice(server, main.tokens.token);
    const sub = await createSubAccount(server, main, { permissions: [Perm.DeviceView], deviceIds: [] });
    expect(
      (await addKey(sub.tokens.token, { permissions: [Perm.DeviceView, Perm.DeviceEdit] })).body.code,
    ).toBe(1002);
    expect(
      (await addKey(sub.tokens.token, { permissions: [Perm.DeviceView], device_ids: [device.id] })).body.code,
    ).toBe(1003);
    expect((await addKey(sub.tokens.token, { permissions: [Perm.DeviceView] })).body.code).toBe(0);
  });

  it('narrowed to devices, it lists only those; read-only, it writes nothing; writes are recorded', async () => {
    const [a, b] = [
      await buildDevice(server, main.tokens.token),
      await buildDevice(server, main.tokens.token),
    ];
    const narrowed = (await addKey(main.tokens.token, { permissions: [Perm.DeviceView], device_ids: [a.id] }))
      .body.data;
    const ids = (await listDevices(narrowed.key)).body.data.list.map((d) => d.id);
    expect(ids).toEqual([a.id]);
    expect(ids).not.toContain(b.id);

    const readOnly = (await addKey(main.tokens.token, { permissions: [Perm.DeviceEdit], read_only: true }))
      .body.data;
    expect(
      (await server.call('POST', '/device/label/add', { token: readOnly.key, body: { name: 'ro' } })).body
        .code,
    ).toBe(1002);
    const writer = (await addKey(main.tokens.token, { name: 'erp-sync', permissions: [Perm.DeviceEdit] }))
      .body.data;
    expect(
      (await server.call('POST', '/device/label/add', { token: writer.key, body: { name: 'by-key' } })).body
        .code,
    ).toBe(0);
    await expect
      .poll(async () =>
        server.app.db.selectFrom('api_key_writes').selectAll().where('key_id', '=', writer.id).execute(),
      )
      .toEqual([
        expect.objectContaining({
          key_name: 'erp-sync',
          method: 'POST',
          path: '/v1/device/label/add',
          status: 200,
        }),
      ]);
    const listed = (await server.call<ApiKeyListReply>('GET', '/apikey/list', { token: main.tokens.token }))
      .body.data.list;
    expect(listed.find((k) => k.id === writer.id)).toMatchObject({
      writes: 1,
      last_used_at: expect.any(Number),
    });
  });

  it('ends when revoked or expired; is rate-limited per key', async () => {
    const made = (await addKey(main.tokens.token, { permissions: [Perm.DeviceView] })).body.data;
    expect((await listDevices(made.key)).body.code).toBe(0);
    const revoke = await server.call('POST', '/apikey/revoke', {
      token: main.tokens.token,
      body: { id: made.id },
    });
    expect(revoke.body.code).toBe(0);
    expect((await listDevices(made.key)).body.code).toBe(1009);
    // Another user's key: 1003.
    const other = await createActiveUser(server);
    const theirs = (await addKey(other.tokens.token, {})).body.data;
    expect(
      (await server.call('POST', '/apikey/revoke', { token: main.tokens.token, body: { id: theirs.id } }))
        .body.code,
    ).toBe(1003);

    const expiring = (await addKey(main.tokens.token, { permissions: [Perm.DeviceView] })).body.data;
    await server.app.db
      .updateTable('api_keys')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.id)
      .execute();
    expect((await listDevices(expiring.key)).body.code).toBe(1009);

    const busy = (await addKey(main.tokens.token, { permissions: [Perm.DeviceView] })).body.data;
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await listDevices(busy.key)).body.code);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(30);
    expect(codes.at(-1)).toBe(1036);
  });

  it("narrows at once with its user's role, and ends when the user leaves or the account closes", async () => {
    const sub = await createSubAccount(server, main, { permissions: [Perm.DeviceView, Perm.DeviceEdit] });
    const key = (await addKey(sub.tokens.token, { permissions: [Perm.DeviceView, Perm.DeviceEdit] })).body
      .data.key;
    expect((await listDevices(key)).body.code).toBe(0);
    await server.app.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([Perm.DeviceEdit]) })
      .where('id', '=', sub.roleId)
      .execute();
    expect((await listDevices(key)).body.code).toBe(1002);
    // Removed from the team: the key was made for it.
    const subRow = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', sub.email)
      .executeTakeFirstOrThrow();
    const remove = await server.call('POST', '/system/user/delete', {
      token: main.tokens.token,
      body: { user_id: subRow.id },
    });
    expect(remove.body.code).toBe(0);
    expect((await listDevices(key)).body.code).not.toBe(0);

    const owner = await createActiveUser(server);
    const ownerKey = (await addKey(owner.tokens.token, { permissions: [Perm.DeviceView] })).body.data.key;
    await server.app.db
      .updateTable('users')
      .set({ status: 'closed' })
      .where('id', '=', owner.profile.dbuser_id)
      .execute();
    expect((await listDevices(ownerKey)).body.code).toBe(1055);
  });

  it('a socket opened with a key closes when the key is revoked (bus session.ended)', async () => {
    const made = (await addKey(main.tokens.token, { permissions: [Perm.DeviceView] })).body.data;
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/v1/ws/notify?token=${encodeURIComponent(made.key)}`,
    );
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    await server.call('POST', '/apikey/revoke', { token: main.tokens.token, body: { id: made.id } });
    const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    expect(code).not.toBe(-1);
  });
});
