import { ErrorCode, Perm, type MemberDataPm, type RoleDetail } from '@hmi/domain';
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

/*
 * Issue 23 item 8: data-pm 36 (templates), 37 (groups) and 41 (projects) are the right to hand
 * out those grants, in roles and in a member's own data permissions; project ids are checked
 * against the team (no projects table yet: every new one is 1087).
 */

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
const { E1002_PERMISSION_DENIED: E1002, E1087_INVITED_PROJECT_NOT_USERS: E1087 } = ErrorCode;

/** A sub-account of `main`'s team with these permissions, seeing the group, template and device. */
async function admin(
  permissions: number[],
  data: { group: number; template: number; device: number },
  more?: (roleId: number) => Promise<unknown>,
) {
  const sub = await createSubAccount(server, main, { permissions });
  const roleId = Number(sub.roleId);
  await grantData(server, roleId, {
    groupIds: [data.group],
    templateIds: [data.template],
    deviceIds: [data.device],
  });
  await more?.(roleId);
  return sub.tokens.token;
}

describe('handing out data permissions (36 templates, 37 groups, 41 projects)', () => {
  it('roles: a list of a kind changes only with its data-pm; devices need none; an unchanged list passes', async () => {
    const data = {
      group: (await buildGroup(server, token)).id,
      template: (await buildTemplate(server, token)).id,
      device: (await buildDevice(server, token)).id,
    };
    const base = [Perm.RoleView, Perm.RoleAdd, Perm.RoleEdit, Perm.DeviceView];
    const t = await admin(base, data);
    for (const grants of [{ groups: [data.group] }, { templates: [data.template] }]) {
      const res = await post('/system/role/add', { name: 'noPm', grants }, t);
      expect(res.body.code, JSON.stringify(grants)).toBe(E1002);
    }
    // The web sends every list: empty lists and the device grant go through.
    const role = await post<RoleDetail>(
      '/system/role/add',
      { name: 'devOnly', grants: { groups: [], templates: [], projects: [], devices: [data.device] } },
      t,
    );
    expect(role.body.code).toBe(0);
    // A role the main account gave a group and a template: this admin renames it and sends the
    // same lists back, but neither empties nor changes them.
    const given = await addRole(server, token, {
      grants: { groups: [data.group], templates: [data.template] },
    });
    const same = { groups: [data.group], templates: [data.template], devices: [], projects: [] };
    expect(
      (await post('/system/role/edit', { id: given.id, name: 'renamed', grants: same }, t)).body.code,
    ).toBe(0);
    for (const grants of [{ groups: [] }, { templates: [] }]) {
      const res = await post('/system/role/edit', { id: given.id, grants }, t);
      expect(res.body.code, JSON.stringify(grants)).toBe(E1002);
    }
    const kept = (await get<RoleDetail>(`/system/role/detail?id=${given.id}`)).body.data.grants;
    expect(kept).toMatchObject({ groups: [data.group], templates: [data.template] });

    // With 37 and 36 the same calls succeed.
    const t2 = await admin([...base, Perm.GroupDataPm, Perm.TemplateDataPm], data);
    const withPm = await post<RoleDetail>(
      '/system/role/add',
      { name: 'withPm', grants: { groups: [data.group], templates: [data.template] } },
      t2,
    );
    expect(withPm.body.data.grants).toMatchObject({ groups: [data.group], templates: [data.template] });
  });

  it("a member's own data permissions: the same rights (38 to reach the route, then 36 / 37)", async () => {
    const data = {
      group: (await buildGroup(server, token)).id,
      template: (await buildTemplate(server, token)).id,
      device: (await buildDevice(server, token)).id,
    };
    const target = await joinedMember(server, main, (await addRole(server, token)).id);
    const t = await admin([Perm.UserView, Perm.UserDataPm, Perm.DeviceView], data);
    for (const grants of [{ groups: [data.group] }, { templates: [data.template] }]) {
      const res = await post('/system/user/datapm', { user_id: target.id, grants }, t);
      expect(res.body.code, JSON.stringify(grants)).toBe(E1002);
    }
    const devices = await post<MemberDataPm>(
      '/system/user/datapm',
      { user_id: target.id, grants: { devices: [data.device], groups: [], templates: [] } },
      t,
    );
    expect(devices.body.data.grants).toMatchObject({ devices: [data.device], groups: [], templates: [] });
  });

  it('project ids: one not of the team is 1087, for the main account too; 41 to hand them out', async () => {
    expect((await post('/system/role/add', { name: 'proj', grants: { projects: [7] } })).body.code).toBe(
      E1087,
    );
    const role = await addRole(server, token);
    expect((await post('/system/role/edit', { id: role.id, grants: { projects: [7] } })).body.code).toBe(
      E1087,
    );
    const member = await joinedMember(server, main, role.id);
    expect(
      (await post('/system/user/datapm', { user_id: member.id, grants: { projects: [7] } })).body.code,
    ).toBe(E1087);
    expect((await get<RoleDetail>(`/system/role/detail?id=${role.id}`)).body.data.grants.projects).toEqual(
      [],
    );
    // A project grant stored before the check (ids were taken as given) stays when resent.
    const legacy = await addRole(server, token);
    const storeProject = (roleId: number) =>
      server.app.db
        .insertInto('role_grants')
        .values({ role_id: roleId, kind: 'project', object_id: 9 })
        .execute();
    await storeProject(legacy.id);
    const resent = await post('/system/role/edit', {
      id: legacy.id,
      name: 'keeps',
      grants: { projects: [9] },
    });
    expect(resent.body.code).toBe(0);
    // Taking it away is handing out project grants: 41. The admins hold project 9 themselves.
    const data = {
      group: (await buildGroup(server, token)).id,
      template: (await buildTemplate(server, token)).id,
      device: (await buildDevice(server, token)).id,
    };
    const without = await admin([Perm.RoleView, Perm.RoleEdit], data, storeProject);
    expect(
      (await post('/system/role/edit', { id: legacy.id, grants: { projects: [] } }, without)).body.code,
    ).toBe(E1002);
    expect((await get<RoleDetail>(`/system/role/detail?id=${legacy.id}`)).body.data.grants.projects).toEqual([
      9,
    ]);
    const holder = await admin([Perm.RoleView, Perm.RoleEdit, Perm.ProjectDataPm], data, storeProject);
    expect(
      (await post('/system/role/edit', { id: legacy.id, grants: { projects: [] } }, holder)).body.code,
    ).toBe(0);
    // A project of the team is granted like any object of it.
    const own = await post<{ id: number }>('/project/add', { name: 'granted' });
    expect(own.body.code).toBe(0);
    const granted = await post('/system/role/edit', {
      id: role.id,
      grants: { projects: [own.body.data.id] },
    });
    expect(granted.body.code).toBe(0);
    expect((await get<RoleDetail>(`/system/role/detail?id=${role.id}`)).body.data.grants.projects).toEqual([
      own.body.data.id,
    ]);
  });
});
