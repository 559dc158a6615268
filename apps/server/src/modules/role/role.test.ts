import {
  ErrorCode,
  Perm,
  type PickDevicesReply,
  type PickGroupsReply,
  type PickProjectsReply,
  type PickTemplatesReply,
  type RoleDetail,
  type RoleListReply,
  type RolePermissionTree,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildGroup,
  buildTemplate,
  grantData,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 20);
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });

describe('role routes: access', () => {
  const routes = [
    { method: 'GET', path: '/system/role/list', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/detail?id=1', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/permissions', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/pick/devices?id=1', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/pick/groups?id=1', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/pick/templates?id=1', perm: Perm.RoleView },
    { method: 'GET', path: '/system/role/pick/projects?id=1', perm: Perm.RoleView },
    { method: 'POST', path: '/system/role/add', perm: Perm.RoleAdd, body: { name: 'x' } },
    { method: 'POST', path: '/system/role/edit', perm: Perm.RoleEdit, body: { id: 1 } },
    { method: 'POST', path: '/system/role/delete', perm: Perm.RoleDelete, body: { id: 1 } },
  ];
  it.each(routes)(
    '$method $path: 401 without a token, 403 without $perm',
    async ({ method, path, perm, body }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const others = [Perm.RoleView, Perm.RoleAdd, Perm.RoleEdit, Perm.RoleDelete].filter((p) => p !== perm);
      const sub = await createSubAccount(server, main, { permissions: others });
      const res = await server.call(method, path, { token: sub.tokens.token, body });
      expect([res.status, res.body.code]).toEqual([403, ErrorCode.E1002_PERMISSION_DENIED]);
    },
  );
});

describe('roles', () => {
  it('adds, lists, shows and edits a role with permissions, data permissions and zones', async () => {
    const group = await buildGroup(server, token);
    const device = await buildDevice(server, token);
    const template = await buildTemplate(server, token);
    const zone = (await post<{ id: number }>('/system/safeZone/add', { name: `Z${Date.now() % 1e6}` })).body
      .data;
    const role = await addRole(server, token, {
      name: 'Engineers',
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      grants: { groups: [group.id], devices: [device.id], templates: [template.id], projects: [] },
      zones: [zone.id],
    });
    expect(role).toMatchObject({
      name: 'Engineers',
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      zones: [zone.id],
      grants: { groups: [group.id], devices: [device.id], templates: [template.id], projects: [] },
      counts: { groups: 1, devices: 1, templates: 1, projects: 0 },
      member_count: 0,
    });
    const listed = (await get<RoleListReply>('/system/role/list')).body.data.list;
    expect(listed.find((r) => r.id === role.id)).toMatchObject({ name: 'Engineers', counts: { devices: 1 } });

    const edited = await post<RoleDetail>('/system/role/edit', {
      id: role.id,
      name: 'Eng2',
      grants: { devices: [] },
      zones: [],
    });
    expect(edited.body.data).toMatchObject({
      name: 'Eng2',
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      grants: { groups: [group.id], devices: [], templates: [template.id] },
      zones: [],
    });
  });

  it('names: at most 10 characters (1006), unique in the team (1063), the same name in another team', async () => {
    await addRole(server, token, { name: 'Viewer' });
    const dup = await post('/system/role/add', { name: 'Viewer' });
    expect([dup.status, dup.body.code]).toEqual([409, ErrorCode.E1063_DUPLICATE_ROLE_NAME]);
    const other = await addRole(server, token, { name: 'Other' });
    const rename = await post('/system/role/edit', { id: other.id, name: 'Viewer' });
    expect(rename.body.code).toBe(ErrorCode.E1063_DUPLICATE_ROLE_NAME);
    const long = await post('/system/role/add', { name: 'x'.repeat(11) });
    expect(long.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'name', message: 'validation.roleName.length' }] },
    });
    const stranger = await createActiveUser(server);
    expect((await addRole(server, stranger.tokens.token, { name: 'Viewer' })).name).toBe('Viewer');
  });

  it('permission ids the region cannot grant are 1006 (45, unknown ids)', async () => {
    for (const permissions of [[Perm.Unnamed45], [999]]) {
      const res = await post('/system/role/add', { name: `p${permissions[0]}`, permissions });
      expect(res.body).toMatchObject({
        code: ErrorCode.E1006_BAD_PARAMETER,
        data: { fields: [{ path: 'permissions', message: 'validation.rolePermissions.unknown' }] },
      });
    }
    const tree = (await get<RolePermissionTree>('/system/role/permissions')).body.data;
    // The test region is eu: billing groups are offered.
    expect(tree.groups.map((g) => g.key)).toContain('myAccount');
    expect(tree.groups.flatMap((g) => g.permissions.map((p) => p.id))).not.toContain(Perm.Unnamed45);
  });

  it('ids of another team: role 1062, group 1080, template 1079, device and zone 1003', async () => {
    const stranger = await createActiveUser(server);
    await setTemplateLimit(server, stranger.profile.team_id, 5);
    const foreignRole = await addRole(server, stranger.tokens.token);
    const g = await buildGroup(server, stranger.tokens.token);
    const t = await buildTemplate(server, stranger.tokens.token);
    const d = await buildDevice(server, stranger.tokens.token);
    const z = (await post<{ id: number }>('/system/safeZone/add', { name: 'Far' }, stranger.tokens.token))
      .body.data;
    for (const path of [
      `/system/role/detail?id=${foreignRole.id}`,
      `/system/role/pick/devices?id=${foreignRole.id}`,
      `/system/role/pick/groups?id=${foreignRole.id}`,
      `/system/role/pick/templates?id=${foreignRole.id}`,
      `/system/role/pick/projects?id=${foreignRole.id}`,
    ]) {
      expect((await get(path)).body.code, path).toBe(ErrorCode.E1062_ROLE_NOT_USERS);
    }
    expect((await post('/system/role/edit', { id: foreignRole.id, name: 'x' })).body.code).toBe(
      ErrorCode.E1062_ROLE_NOT_USERS,
    );
    expect((await post('/system/role/delete', { id: foreignRole.id })).body.code).toBe(
      ErrorCode.E1062_ROLE_NOT_USERS,
    );
    const cases: [object, number][] = [
      [{ grants: { groups: [g.id] } }, ErrorCode.E1080_INVITED_GROUP_NOT_USERS],
      [{ grants: { templates: [t.id] } }, ErrorCode.E1079_INVITED_TEMPLATE_NOT_USERS],
      [{ grants: { devices: [d.id] } }, ErrorCode.E1003_NO_DATA],
      [{ zones: [z.id] }, ErrorCode.E1003_NO_DATA],
    ];
    for (const [body, code] of cases) {
      expect(
        (await post('/system/role/add', { name: `f${code}`, ...body })).body.code,
        JSON.stringify(body),
      ).toBe(code);
    }
    // Nothing was stored for the foreign ids.
    expect((await get<RoleListReply>('/system/role/list')).body.data.list.map((r) => r.name)).not.toContain(
      'f1080',
    );
  });

  it('a role held by a member cannot be deleted (1072); a free one can', async () => {
    const role = await addRole(server, token, { permissions: [Perm.DeviceView] });
    await joinedMember(server, main, role.id);
    const res = await post('/system/role/delete', { id: role.id });
    expect([res.status, res.body.code]).toEqual([409, ErrorCode.E1072_ROLE_IN_USE]);
    const free = await addRole(server, token);
    expect((await post('/system/role/delete', { id: free.id })).body.code).toBe(0);
    expect((await get(`/system/role/detail?id=${free.id}`)).body.code).toBe(ErrorCode.E1062_ROLE_NOT_USERS);
  });

  it('a sub-account grants only what it holds (1002) and cannot edit a role granting what it does not see', async () => {
    const [mine, hidden] = [await buildDevice(server, token), await buildDevice(server, token)];
    const admin = await createSubAccount(server, main, {
      permissions: [Perm.RoleView, Perm.RoleEdit, Perm.RoleAdd, Perm.DeviceView],
      deviceIds: [mine.id],
    });
    const role = await addRole(server, token, { permissions: [Perm.DeviceView] });
    const t = admin.tokens.token;
    // Permissions it does not hold, devices outside its scope: 1002.
    expect(
      (await post('/system/role/edit', { id: role.id, permissions: [Perm.UserDelete] }, t)).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    expect(
      (await post('/system/role/edit', { id: role.id, grants: { devices: [hidden.id] } }, t)).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    expect(
      (await post('/system/role/add', { name: 'esc', permissions: [Perm.RoleDelete] }, t)).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const edited = await post<RoleDetail>(
      '/system/role/edit',
      { id: role.id, grants: { devices: [mine.id] } },
      t,
    );
    expect(edited.body.data.grants.devices).toEqual([mine.id]);
    // A role granting a device outside its scope is wider than itself: not its to edit (no-wider.test.ts).
    const wider = await addRole(server, token, { grants: { devices: [hidden.id] } });
    expect(
      (await post('/system/role/edit', { id: wider.id, grants: { devices: [mine.id] } }, t)).body.code,
    ).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const full = (await get<RoleDetail>(`/system/role/detail?id=${wider.id}`)).body.data;
    expect(full.grants.devices).toEqual([hidden.id]);
  });
});

describe('data permission pickers', () => {
  it('groups with subgroups granted through their parent, templates marked', async () => {
    const top = await buildGroup(server, token);
    const child = await buildGroup(server, token, { parent_id: top.id });
    const other = await buildGroup(server, token);
    const t = await buildTemplate(server, token);
    const role = await addRole(server, token, { grants: { groups: [top.id], templates: [t.id] } });
    const groups = (await get<PickGroupsReply>(`/system/role/pick/groups?id=${role.id}`)).body.data.list;
    expect(groups.find((g) => g.id === top.id)).toMatchObject({ granted: true, via_parent: false });
    expect(groups.find((g) => g.id === child.id)).toMatchObject({ granted: false, via_parent: true });
    expect(groups.find((g) => g.id === other.id)).toMatchObject({ granted: false, via_parent: false });
    const templates = (await get<PickTemplatesReply>(`/system/role/pick/templates?id=${role.id}`)).body.data
      .list;
    expect(templates.find((x) => x.id === t.id)?.granted).toBe(true);
  });

  it('projects of the team, marked when the role grants them; a sub-account sees only its own', async () => {
    const add = async (name: string) =>
      (await post<{ id: number }>('/project/add', { name: `${name} ${Date.now() % 1e6}` })).body.data.id;
    const [granted, other] = [await add('Pick A'), await add('Pick B')];
    const stranger = await createActiveUser(server);
    await post('/project/add', { name: 'Far line' }, stranger.tokens.token);
    const role = await addRole(server, token, { grants: { projects: [granted] } });
    const list = (await get<PickProjectsReply>(`/system/role/pick/projects?id=${role.id}`)).body.data.list;
    expect(list.filter((p) => [granted, other].includes(p.id)).map((p) => [p.id, p.granted])).toEqual([
      [granted, true],
      [other, false],
    ]);
    expect(list.map((p) => p.name)).not.toContain('Far line');
    const sub = await createSubAccount(server, main, { permissions: [Perm.RoleView] });
    await grantData(server, sub.roleId, { projectIds: [other] });
    const seen = (await get<PickProjectsReply>(`/system/role/pick/projects?id=${role.id}`, sub.tokens.token))
      .body.data.list;
    expect(seen).toEqual([{ id: other, name: expect.stringContaining('Pick B'), granted: false }]);
  });

  it(
    'the device picker pages and searches 10,000 devices with grant marks',
    { timeout: 60_000 },
    async () => {
      const owner = await createActiveUser(server);
      const teamId = owner.profile.team_id;
      const group = await buildGroup(server, owner.tokens.token);
      const now = Date.now();
      const rows = Array.from({ length: 10_000 }, (_, i) => ({
        team_id: teamId,
        sn: `PICK${teamId}-${String(i).padStart(5, '0')}`,
        secret_hash: 'x',
        name: `dev_${String(i).padStart(5, '0')}`,
        group_id: i % 10 === 0 ? group.id : null,
        template_id: null,
        last_seen_at: null,
        bound_at: now,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await server.app.db
          .insertInto('devices')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const ids = (
        await server.app.db
          .selectFrom('devices')
          .select('id')
          .where('team_id', '=', teamId)
          .orderBy('name')
          .execute()
      ).map((r) => r.id);
      const role = await addRole(server, owner.tokens.token, {
        grants: { groups: [group.id], devices: ids.slice(1, 5001) },
      });
      expect(role.counts.devices).toBe(5000);
      const started = Date.now();
      const page = (
        await get<PickDevicesReply>(
          `/system/role/pick/devices?id=${role.id}&page=2&page_size=50`,
          owner.tokens.token,
        )
      ).body.data;
      expect(page).toMatchObject({ total: 10_000, page: 2, page_size: 50 });
      expect(page.list).toHaveLength(50);
      expect(page.list[0]).toMatchObject({ name: 'dev_00050', granted: true, via_group: true });
      expect(page.list[1]).toMatchObject({ name: 'dev_00051', granted: true, via_group: false });
      const found = (
        await get<PickDevicesReply>(
          `/system/role/pick/devices?id=${role.id}&search=dev_0999`,
          owner.tokens.token,
        )
      ).body.data;
      expect(found.total).toBe(10);
      // Granted: 5000 directly, plus the group's 1000 of which 500 lie beyond the direct ones.
      const granted = (
        await get<PickDevicesReply>(
          `/system/role/pick/devices?id=${role.id}&granted=true`,
          owner.tokens.token,
        )
      ).body.data;
      expect(granted.total).toBe(5500);
      expect(Date.now() - started).toBeLessThan(20_000);
    },
  );

  it('a sub-account picks among its own devices only', async () => {
    const [mine, other] = [await buildDevice(server, token), await buildDevice(server, token)];
    const sub = await createSubAccount(server, main, { permissions: [Perm.RoleView], deviceIds: [mine.id] });
    const role = await addRole(server, token);
    await grantData(server, role.id, { deviceIds: [other.id] });
    const page = (await get<PickDevicesReply>(`/system/role/pick/devices?id=${role.id}`, sub.tokens.token))
      .body.data;
    expect(page.list.map((d) => d.id)).toEqual([mine.id]);
  });
});
