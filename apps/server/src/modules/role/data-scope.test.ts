import {
  ErrorCode,
  Perm,
  type DeviceListReply,
  type GroupListReply,
  type TemplateListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildGroup,
  buildTemplate,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

/*
 * A sub-account's data scope through the real calls: a group grants its subgroups (to any
 * depth, computed by a recursive query) and their devices; devices and templates are granted one
 * by one; a change of the role reaches the next request.
 */
let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 10);
});
afterAll(async () => server?.close());

const VIEW = [Perm.DeviceView, Perm.GroupView, Perm.TemplateView];
const deviceIds = async (t: string) =>
  (await server.call<DeviceListReply>('GET', '/device/list?page_size=200', { token: t })).body.data.list
    .map((d) => d.id)
    .sort((a, b) => a - b);
const groupIds = async (t: string) =>
  (await server.call<GroupListReply>('GET', '/device/group/list', { token: t })).body.data.list
    .map((g) => g.id)
    .sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('data scope of a sub-account', () => {
  it('a granted group grants its subgroups at any depth and their devices, nothing above or beside', async () => {
    const plant = await buildGroup(server, token, { name: 'PlantA' });
    const hall = await buildGroup(server, token, { name: 'Hall1', parent_id: plant.id });
    const line = await buildGroup(server, token, { name: 'Line2', parent_id: hall.id });
    const cell = await buildGroup(server, token, { name: 'Cell9', parent_id: line.id });
    const plantB = await buildGroup(server, token, { name: 'PlantB' });
    const dPlant = await buildDevice(server, token, { group_id: plant.id });
    const dHall = await buildDevice(server, token, { group_id: hall.id });
    const dCell = await buildDevice(server, token, { group_id: cell.id });
    const dB = await buildDevice(server, token, { group_id: plantB.id });
    const loose = await buildDevice(server, token);

    const role = await addRole(server, token, { permissions: VIEW, grants: { groups: [hall.id] } });
    const sub = await joinedMember(server, main, role.id);
    expect(await deviceIds(sub.token)).toEqual(sorted([dHall.id, dCell.id]));
    expect(await groupIds(sub.token)).toEqual(sorted([hall.id, line.id, cell.id]));
    for (const hidden of [dPlant, dB, loose]) {
      const res = await server.call('GET', `/device/detail?id=${hidden.id}`, { token: sub.token });
      expect(res.body.code).toBe(ErrorCode.E1003_NO_DATA);
    }

    // A single device beside the group; the change reaches the member's next request.
    await server.call('POST', '/system/role/edit', {
      token,
      body: { id: role.id, grants: { devices: [dB.id] } },
    });
    expect(await deviceIds(sub.token)).toEqual(sorted([dHall.id, dCell.id, dB.id]));

    // A group moved under a granted one is granted with it (the scope is computed, not stored).
    await server.call('POST', '/device/group/move', { token, body: { id: plantB.id, parent_id: cell.id } });
    expect(await groupIds(sub.token)).toContain(plantB.id);

    // Narrowed: only what is still granted.
    await server.call('POST', '/system/role/edit', {
      token,
      body: { id: role.id, grants: { groups: [line.id], devices: [] } },
    });
    expect(await deviceIds(sub.token)).toEqual(sorted([dCell.id, dB.id]));
  });

  it('templates as granted; grants of another team are ignored', async () => {
    const t1 = await buildTemplate(server, token);
    await buildTemplate(server, token);
    const role = await addRole(server, token, { permissions: VIEW, grants: { templates: [t1.id] } });
    const sub = await joinedMember(server, main, role.id);
    const list = await server.call<TemplateListReply>('GET', '/template/list', { token: sub.token });
    expect(list.body.data.list.map((t) => t.id)).toEqual([t1.id]);

    // A grant row naming another team's device (e.g. written before the device changed team).
    const stranger = await createActiveUser(server);
    const foreign = await buildDevice(server, stranger.tokens.token);
    await server.app.db
      .insertInto('role_grants')
      .values({ role_id: role.id, kind: 'device', object_id: foreign.id })
      .execute();
    expect(await deviceIds(sub.token)).toEqual([]);
  });

  it('survives a cycle in the group data (the recursion stops)', async () => {
    const a = await buildGroup(server, token);
    const b = await buildGroup(server, token, { parent_id: a.id });
    const d = await buildDevice(server, token, { group_id: b.id });
    await server.app.db
      .updateTable('device_groups')
      .set({ parent_id: b.id })
      .where('id', '=', a.id)
      .execute();
    const role = await addRole(server, token, { permissions: VIEW, grants: { groups: [a.id] } });
    const sub = await joinedMember(server, main, role.id);
    expect(await deviceIds(sub.token)).toEqual([d.id]);
    expect(await groupIds(sub.token)).toEqual(sorted([a.id, b.id]));
  });

  it('alarm recipients follow the same scope (scopesOf for a team)', async () => {
    const g = await buildGroup(server, token);
    const inside = await buildDevice(server, token, { group_id: g.id });
    const outside = await buildDevice(server, token);
    const role = await addRole(server, token, { permissions: VIEW, grants: { groups: [g.id] } });
    const sub = await joinedMember(server, main, role.id);
    const users = await server.app.db
      .selectFrom('users')
      .select(['id', 'team_id', 'is_main', 'role_id'])
      .where('team_id', '=', main.profile.team_id)
      .execute();
    const scopes = await server.app.services.scopes.scopesOf(main.profile.team_id, users);
    expect(scopes.get(main.profile.dbuser_id)?.devices).toBeNull();
    expect(scopes.get(sub.id)?.devices?.has(inside.id)).toBe(true);
    expect(scopes.get(sub.id)?.devices?.has(outside.id)).toBe(false);
  });
});
