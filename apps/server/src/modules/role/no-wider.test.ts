import { ErrorCode, Perm, type MemberDataPm, type RoleDetail, type UserProfile } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

/*
 * Issue 23 items 7 and 9: no wider than yourself. A sub-account acts only on members and roles
 * whose permissions, zones and data scope are within its own, never on its own role or rights
 * (1002); the main account is never its target.
 */

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });
const E1002 = ErrorCode.E1002_PERMISSION_DENIED;
const roleOf = async (userId: number) =>
  (await server.app.db.selectFrom('users').select('role_id').where('id', '=', userId).executeTakeFirst())
    ?.role_id;

describe('no wider than yourself: members', () => {
  it('a member with 26/27/38 acts on narrower members only: never on one wider by permission, data or own grant', async () => {
    const [mine, hidden] = [await buildDevice(server, token), await buildDevice(server, token)];
    const adminPerms = [Perm.DeviceView, Perm.UserView, Perm.UserEdit, Perm.UserDelete, Perm.UserDataPm];
    const adminRole = await addRole(server, token, {
      permissions: adminPerms,
      grants: { devices: [mine.id] },
    });
    const admin = await joinedMember(server, main, adminRole.id);
    const narrow = await addRole(server, token, {
      permissions: [Perm.DeviceView],
      grants: { devices: [mine.id] },
    });
    // Wider by permission (every one), by data (a device the admin does not see), by own grant.
    const allPerms = await addRole(server, token, { permissions: [...adminPerms, Perm.RoleEdit] });
    const moreData = await addRole(server, token, { grants: { devices: [hidden.id] } });
    const byPerm = await joinedMember(server, main, allPerms.id);
    const byData = await joinedMember(server, main, moreData.id);
    const byOwnGrant = await joinedMember(server, main, narrow.id);
    await post('/system/user/datapm', { user_id: byOwnGrant.id, grants: { devices: [hidden.id] } });

    const t = admin.token;
    for (const target of [byPerm, byData, byOwnGrant]) {
      const calls = [
        await post('/system/user/role', { user_id: target.id, role_id: narrow.id }, t),
        await post('/system/user/datapm', { user_id: target.id, grants: { devices: [] } }, t),
        await post('/system/user/delete', { user_id: target.id }, t),
      ];
      expect(
        calls.map((c) => c.body.code),
        `member ${target.id}`,
      ).toEqual([E1002, E1002, E1002]);
    }
    // Nothing changed: roles, grants and membership as they were.
    expect(await roleOf(byPerm.id)).toBe(allPerms.id);
    expect((await get<UserProfile>('/global/getUserInfo', byData.token)).body.data.team_id).toBe(
      main.profile.team_id,
    );
    expect(
      (await get<MemberDataPm>(`/system/user/datapm?user_id=${byOwnGrant.id}`)).body.data.grants.devices,
    ).toEqual([hidden.id]);

    // A narrower member: all three go through.
    const within = await joinedMember(server, main, narrow.id);
    const other = await addRole(server, token, { permissions: [Perm.DeviceView] });
    expect((await post('/system/user/role', { user_id: within.id, role_id: other.id }, t)).body.code).toBe(0);
    expect(
      (await post('/system/user/datapm', { user_id: within.id, grants: { devices: [mine.id] } }, t)).body
        .code,
    ).toBe(0);
    expect((await post('/system/user/delete', { user_id: within.id }, t)).body.code).toBe(0);
  });

  it('a member with data-pm 38 never changes its own data permissions (1002), whatever it holds', async () => {
    const [mine, more] = [await buildDevice(server, token), await buildDevice(server, token)];
    const role = await addRole(server, token, {
      permissions: [Perm.DeviceView, Perm.UserView, Perm.UserDataPm],
      grants: { devices: [mine.id, more.id] },
    });
    const m = await joinedMember(server, main, role.id);
    const self = await post(
      '/system/user/datapm',
      { user_id: m.id, grants: { devices: [more.id] } },
      m.token,
    );
    expect(self.body.code).toBe(E1002);
    expect((await get<MemberDataPm>(`/system/user/datapm?user_id=${m.id}`)).body.data.grants.devices).toEqual(
      [],
    );
    // Narrowed by the main account, it keeps nothing it gave itself.
    await post('/system/role/edit', { id: role.id, grants: { devices: [mine.id] } });
    const list = await get<{ list: { id: number }[] }>('/device/list', m.token);
    expect(list.body.data.list.map((d) => d.id)).toEqual([mine.id]);
  });
});

describe('no wider than yourself: roles', () => {
  it('a member with 31/32 edits and deletes narrower roles only, never a wider one or its own', async () => {
    const [mine, hidden] = [await buildDevice(server, token), await buildDevice(server, token)];
    const perms = [Perm.DeviceView, Perm.RoleView, Perm.RoleEdit, Perm.RoleDelete];
    const own = await addRole(server, token, { permissions: perms, grants: { devices: [mine.id] } });
    const admin = await joinedMember(server, main, own.id);
    const t = admin.token;
    const wide = await addRole(server, token, {
      permissions: [Perm.DeviceView, Perm.UserEdit, Perm.UserDelete],
      grants: { devices: [mine.id] },
    });
    const wideData = await addRole(server, token, { grants: { devices: [hidden.id] } });
    // Strip 26/27 from a wider role, rename it, delete it: 1002, and the role stays whole.
    for (const [path, body] of [
      ['/system/role/edit', { id: wide.id, permissions: [Perm.DeviceView] }],
      ['/system/role/edit', { id: wide.id, name: 'taken' }],
      ['/system/role/delete', { id: wide.id }],
      ['/system/role/edit', { id: wideData.id, grants: { devices: [] } }],
      ['/system/role/delete', { id: wideData.id }],
      // Its own role: not even within what it holds.
      ['/system/role/edit', { id: own.id, name: 'mine' }],
      ['/system/role/edit', { id: own.id, permissions: [Perm.DeviceView] }],
      ['/system/role/delete', { id: own.id }],
    ] as const) {
      expect((await post(path, body, t)).body.code, `${path} ${JSON.stringify(body)}`).toBe(E1002);
    }
    const after = (await get<RoleDetail>(`/system/role/detail?id=${wide.id}`)).body.data;
    expect(after).toMatchObject({
      name: wide.name,
      permissions: [Perm.DeviceView, Perm.UserEdit, Perm.UserDelete],
    });
    expect((await get<RoleDetail>(`/system/role/detail?id=${own.id}`)).body.data.name).toBe(own.name);

    const narrow = await addRole(server, token, {
      permissions: [Perm.DeviceView],
      grants: { devices: [mine.id] },
    });
    expect((await post('/system/role/edit', { id: narrow.id, name: 'narrow2' }, t)).body.code).toBe(0);
    expect((await post('/system/role/delete', { id: narrow.id }, t)).body.code).toBe(0);
  });
});
