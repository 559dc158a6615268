import {
  ErrorCode,
  Perm,
  type GroupListReply,
  type MemberAccessReply,
  type MemberDataPm,
  type MemberItem,
  type MemberListReply,
  type MessageListReply,
  type UserProfile,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount, login } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildGroup, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRole, invite, joinedMember } from './team-test-helpers.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server, { name: 'Owner' });
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });
const profile = async (t: string) => (await get<UserProfile>('/global/getUserInfo', t)).body.data;
const notices = async (t: string) =>
  (await get<MessageListReply>('/msg/notify?kind=notice', t)).body.data.list.map((m) => m.title);

describe('member routes: access', () => {
  const routes = [
    { method: 'GET', path: '/system/user/list', perm: Perm.UserView },
    { method: 'GET', path: '/system/user/access?user_id=1', perm: Perm.UserView },
    { method: 'POST', path: '/system/user/role', perm: Perm.UserEdit, body: { user_id: 1, role_id: 1 } },
    { method: 'POST', path: '/system/user/delete', perm: Perm.UserDelete, body: { user_id: 1 } },
    { method: 'GET', path: '/system/user/datapm?user_id=1', perm: Perm.UserDataPm },
    { method: 'POST', path: '/system/user/datapm', perm: Perm.UserDataPm, body: { user_id: 1, grants: {} } },
    { method: 'GET', path: '/system/user/pick/devices?id=1', perm: Perm.UserDataPm },
  ];
  it.each(routes)(
    '$method $path: 401 without a token, 403 without $perm',
    async ({ method, path, perm, body }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const others = [Perm.UserView, Perm.UserInvite, Perm.UserEdit, Perm.UserDelete, Perm.UserDataPm].filter(
        (p) => p !== perm,
      );
      const sub = await createSubAccount(server, main, { permissions: others });
      const res = await server.call(method, path, { token: sub.tokens.token, body });
      expect([res.status, res.body.code]).toEqual([403, ErrorCode.E1002_PERMISSION_DENIED]);
    },
  );

  it('POST /team/leave: 401 without a token, 1071 for a main account', async () => {
    expect((await server.call('POST', '/team/leave')).status).toBe(401);
    expect((await post('/team/leave', undefined)).body.code).toBe(ErrorCode.E1071_NOT_IN_TEAM);
  });
});

describe('members', () => {
  it('lists the main account first, then members with account, role, joined and last sign-in; search and paging', async () => {
    const role = await addRole(server, token, { name: 'Listed' });
    const a = await joinedMember(server, main, role.id);
    const b = await joinedMember(server, main, role.id);
    const all = (await get<MemberListReply>('/system/user/list?page_size=200')).body.data;
    expect(all.list[0]).toMatchObject({
      id: main.profile.dbuser_id,
      is_main: true,
      role_id: null,
      status: 'active',
    });
    const item = all.list.find((m) => m.id === a.id)!;
    expect(item).toMatchObject({ account: a.email, email: a.email, role_id: role.id, role_name: 'Listed' });
    expect(item.joined_at).toBeGreaterThan(0);
    expect(item.last_login_at).toBeGreaterThan(0);
    const found = (await get<MemberListReply>(`/system/user/list?search=${encodeURIComponent(b.email)}`)).body
      .data;
    expect(found.list.map((m) => m.id)).toEqual([b.id]);
    const byRole = (await get<MemberListReply>(`/system/user/list?role_id=${role.id}`)).body.data;
    expect(byRole.total).toBe(2);
    const page2 = (await get<MemberListReply>(`/system/user/list?role_id=${role.id}&page=2&page_size=1`)).body
      .data;
    expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.list).toHaveLength(1);
  });

  it('changes a role: next request has it; not the main account (1081), not oneself (1002), the team roles only (1062)', async () => {
    const viewer = await addRole(server, token, { permissions: [Perm.DeviceView] });
    const editor = await addRole(server, token, { permissions: [Perm.DeviceView, Perm.UserEdit] });
    const m = await joinedMember(server, main, viewer.id);
    expect((await profile(m.token)).permissions).toEqual([Perm.DeviceView]);
    const changed = await post<MemberItem>('/system/user/role', { user_id: m.id, role_id: editor.id });
    expect(changed.body.data).toMatchObject({ id: m.id, role_id: editor.id });
    expect((await profile(m.token)).permissions).toEqual([Perm.DeviceView, Perm.UserEdit]);
    expect((await profile(m.token)).role).toEqual({ id: editor.id, name: editor.name });

    const own = await post('/system/user/role', { user_id: m.id, role_id: viewer.id }, m.token);
    expect(own.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const toMain = await post('/system/user/role', { user_id: main.profile.dbuser_id, role_id: viewer.id });
    expect([toMain.status, toMain.body.code]).toEqual([403, ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN]);
    const stranger = await createActiveUser(server);
    const foreignRole = await addRole(server, stranger.tokens.token);
    expect((await post('/system/user/role', { user_id: m.id, role_id: foreignRole.id })).body.code).toBe(
      ErrorCode.E1062_ROLE_NOT_USERS,
    );
    // A sub-account gives no role beyond what it holds.
    const admin = await addRole(server, token, { permissions: [Perm.UserEdit] });
    const other = await joinedMember(server, main, viewer.id);
    expect(
      (await post('/system/user/role', { user_id: other.id, role_id: editor.id }, m.token)).body.code,
    ).toBe(0);
    const adminMember = await joinedMember(server, main, admin.id);
    expect(
      (await post('/system/user/role', { user_id: other.id, role_id: editor.id }, adminMember.token)).body
        .code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
  });

  it('user ids outside the team: 1010; invited and not yet accepted: 1075', async () => {
    const role = await addRole(server, token);
    const stranger = await createActiveUser(server);
    expect(
      (await post('/system/user/role', { user_id: stranger.profile.dbuser_id, role_id: role.id })).body.code,
    ).toBe(ErrorCode.E1010_USER_NOT_FOUND);
    await invite(server, token, stranger.email, role.id);
    for (const [path, body] of [
      ['/system/user/role', { user_id: stranger.profile.dbuser_id, role_id: role.id }],
      ['/system/user/delete', { user_id: stranger.profile.dbuser_id }],
      ['/system/user/datapm', { user_id: stranger.profile.dbuser_id, grants: {} }],
    ] as const) {
      expect((await post(path, body)).body.code, path).toBe(ErrorCode.E1075_NOT_ACCEPTED);
    }
    expect((await get(`/system/user/access?user_id=${stranger.profile.dbuser_id}`)).body.code).toBe(
      ErrorCode.E1075_NOT_ACCEPTED,
    );
  });

  it('removes a member: sessions end at once, back to their own team, the data stays (1077 for the main account)', async () => {
    const role = await addRole(server, token, {
      permissions: [Perm.GroupView, Perm.GroupAdd, Perm.DeviceView],
    });
    const m = await joinedMember(server, main, role.id);
    const ownTeam = m.profile.team_id;
    const made = (await post<{ id: number }>('/device/group/add', { name: `Made${m.id}` }, m.token)).body
      .data;

    const mainRemoved = await post('/system/user/delete', { user_id: main.profile.dbuser_id });
    expect([mainRemoved.status, mainRemoved.body.code]).toEqual([403, ErrorCode.E1077_CANNOT_REMOVE_MAIN]);
    expect((await post('/system/user/delete', { user_id: m.id }, m.token)).body.code).toBe(
      ErrorCode.E1002_PERMISSION_DENIED,
    );

    expect((await post('/system/user/delete', { user_id: m.id })).body.code).toBe(0);
    const old = await get('/global/getUserInfo', m.token);
    expect([old.status, old.body.code]).toEqual([401, ErrorCode.E1009_LOGIN_EXPIRED]);
    const again = await login(server, m.email, m.password);
    expect(await profile(again.token)).toMatchObject({ is_main: true, team_id: ownTeam, role: null });
    expect(await notices(again.token)).toContain(`You left the team ${main.profile.team_name}`);
    // The team keeps what the member made; their own grants there are gone.
    const groups = (await get<GroupListReply>('/device/group/list')).body.data.list;
    expect(groups.map((g) => g.id)).toContain(made.id);
    const grants = await server.app.db
      .selectFrom('member_grants')
      .selectAll()
      .where('user_id', '=', m.id)
      .execute();
    expect(grants).toEqual([]);
    const listed = (await get<MemberListReply>('/system/user/list?page_size=200')).body.data.list;
    expect(listed.map((x) => x.id)).not.toContain(m.id);
  });

  it('a member leaves: a plain account again, with a notice to the main account', async () => {
    const role = await addRole(server, token);
    const m = await joinedMember(server, main, role.id);
    expect((await post('/team/leave', undefined, m.token)).body.code).toBe(0);
    expect(await profile(m.token)).toMatchObject({ is_main: true, team_id: m.profile.team_id });
    expect((await post('/team/leave', undefined, m.token)).body.code).toBe(ErrorCode.E1071_NOT_IN_TEAM);
    expect(await notices(token)).toContain(`${m.profile.name} left the team`);
  });

  it('the team name and the member role and zones show in the profile', async () => {
    const zone = (await post<{ id: number; name: string }>('/system/safeZone/add', { name: 'Press1' })).body
      .data;
    await post('/system/safeZone/add', { name: 'Press2' });
    const role = await addRole(server, token, { zones: [zone.id] });
    const m = await joinedMember(server, main, role.id);
    expect(await profile(m.token)).toMatchObject({
      team_id: main.profile.team_id,
      leader_id: main.profile.dbuser_id,
      role: { id: role.id, name: role.name },
      zones: [{ id: zone.id, name: 'Press1' }],
    });
    expect((await profile(token)).zones.map((z) => z.name)).toEqual(
      expect.arrayContaining(['Press1', 'Press2']),
    );
    await post('/editUserInfo', { team_name: 'Service Co' });
    expect((await profile(m.token)).team_name).toBe('Service Co');
  });
});

describe('data permissions of a member and the creator rule', () => {
  it('a member own grants widen their scope; never for the main account (1081)', async () => {
    const role = await addRole(server, token, { permissions: [Perm.DeviceView] });
    const m = await joinedMember(server, main, role.id);
    const d = await buildDevice(server, token);
    const g = await buildGroup(server, token);
    const dg = await buildDevice(server, token, { group_id: g.id });
    const set = await post<MemberDataPm>('/system/user/datapm', {
      user_id: m.id,
      grants: { devices: [d.id], groups: [g.id] },
    });
    expect(set.body.data).toMatchObject({
      user_id: m.id,
      role_id: role.id,
      grants: { devices: [d.id], groups: [g.id] },
    });
    const list = await get<{ list: { id: number }[] }>('/device/list', m.token);
    expect(list.body.data.list.map((x) => x.id).sort()).toEqual([d.id, dg.id].sort());
    for (const res of [
      await get(`/system/user/datapm?user_id=${main.profile.dbuser_id}`),
      await post('/system/user/datapm', { user_id: main.profile.dbuser_id, grants: { devices: [d.id] } }),
    ]) {
      expect(res.body.code).toBe(ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN);
    }
    const stranger = await createActiveUser(server);
    const foreign = await buildGroup(server, stranger.tokens.token);
    expect(
      (await post('/system/user/datapm', { user_id: m.id, grants: { groups: [foreign.id] } })).body.code,
    ).toBe(ErrorCode.E1080_INVITED_GROUP_NOT_USERS);
  });

  it('what a sub-account creates stays visible to them, not to others of the same role, across a role change', async () => {
    const role = await addRole(server, token, { permissions: [Perm.GroupView, Perm.GroupAdd] });
    const [a, b] = [await joinedMember(server, main, role.id), await joinedMember(server, main, role.id)];
    const made = (await post<{ id: number }>('/device/group/add', { name: `Own${a.id}` }, a.token)).body.data;
    const mine = async (t: string) =>
      (await get<GroupListReply>('/device/group/list', t)).body.data.list.map((g) => g.id);
    expect(await mine(a.token)).toEqual([made.id]);
    expect(await mine(b.token)).toEqual([]);
    const other = await addRole(server, token, { permissions: [Perm.GroupView] });
    await post('/system/user/role', { user_id: a.id, role_id: other.id });
    expect(await mine(a.token)).toEqual([made.id]);
    const pm = (await get<MemberDataPm>(`/system/user/datapm?user_id=${a.id}`)).body.data;
    expect(pm.created.groups).toEqual([made.id]);
    expect(pm.grants.groups).toEqual([]);
  });
});

describe('effective access', () => {
  it('says which devices a member sees, why, and whether they may operate them', async () => {
    const zone = (await post<{ id: number }>('/system/safeZone/add', { name: 'Line2' })).body.data;
    const closed = (await post<{ id: number }>('/system/safeZone/add', { name: 'Boiler' })).body.data;
    const plant = await buildGroup(server, token);
    const hall = await buildGroup(server, token, { parent_id: plant.id });
    const inHall = await buildDevice(server, token, { group_id: hall.id });
    const single = await buildDevice(server, token);
    const locked = await buildDevice(server, token, { group_id: hall.id });
    await post('/system/safeZone/assign', { zone_id: zone.id, device_ids: [inHall.id] });
    await post('/system/safeZone/assign', { zone_id: closed.id, device_ids: [locked.id] });
    const role = await addRole(server, token, {
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      grants: { groups: [plant.id], devices: [single.id] },
      zones: [zone.id],
    });
    const m = await joinedMember(server, main, role.id);
    const access = (await get<MemberAccessReply>(`/system/user/access?user_id=${m.id}&page_size=50`)).body
      .data;
    expect(access).toMatchObject({
      user_id: m.id,
      is_main: false,
      role_id: role.id,
      zones: [{ id: zone.id }],
      total: 3,
    });
    const byId = new Map(access.list.map((x) => [x.device_id, x]));
    expect(byId.get(inHall.id)).toMatchObject({
      zone: { id: zone.id, name: 'Line2' },
      can_operate: true,
      blocked_by: null,
      via: [{ kind: 'role_group', group_id: plant.id }],
    });
    expect(byId.get(single.id)).toMatchObject({
      zone: null,
      can_operate: true,
      via: [{ kind: 'role_device' }],
    });
    expect(byId.get(locked.id)).toMatchObject({ can_operate: false, blocked_by: 'zone' });

    const watcher = await addRole(server, token, {
      permissions: [Perm.DeviceView],
      grants: { devices: [single.id] },
    });
    const w = await joinedMember(server, main, watcher.id);
    const seen = (await get<MemberAccessReply>(`/system/user/access?user_id=${w.id}`)).body.data;
    expect(seen.list).toEqual([
      expect.objectContaining({ device_id: single.id, can_operate: false, blocked_by: 'permission' }),
    ]);

    const owner = (
      await get<MemberAccessReply>(
        `/system/user/access?user_id=${main.profile.dbuser_id}&search=${single.sn}`,
      )
    ).body.data;
    expect(owner.list).toEqual([expect.objectContaining({ can_operate: true, via: [{ kind: 'main' }] })]);
  });
});
