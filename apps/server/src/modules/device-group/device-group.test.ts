import { ErrorCode, Perm, type GroupListReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildGroup,
  grantData,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const groups = async (t = token) =>
  (await server.call<GroupListReply>('GET', '/device/group/list', { token: t })).body.data;

describe('device group routes: access', () => {
  const routes = [
    { method: 'GET', path: '/device/group/list', perm: Perm.GroupView, body: undefined },
    { method: 'POST', path: '/device/group/add', perm: Perm.GroupAdd, body: { name: 'x' } },
    { method: 'POST', path: '/device/group/rename', perm: Perm.GroupEdit, body: { id: 1, name: 'x' } },
    { method: 'POST', path: '/device/group/move', perm: Perm.GroupEdit, body: { id: 1, parent_id: null } },
    { method: 'POST', path: '/device/group/delete', perm: Perm.GroupDelete, body: { id: 1 } },
  ];
  it.each(routes)(
    '$method $path: 401 without a token, 403 without permission $perm',
    async ({ method, path, body, perm }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const others = [Perm.GroupView, Perm.GroupAdd, Perm.GroupEdit, Perm.GroupDelete].filter(
        (p) => p !== perm,
      );
      const sub = await createSubAccount(server, main, { permissions: others });
      const res = await server.call(method, path, { token: sub.tokens.token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    },
  );

  it.each(routes.filter((r) => r.method === 'POST'))(
    '$method $path: 400 (1006) on a malformed body',
    async ({ path }) => {
      const res = await server.call('POST', path, { token, body: { id: 'x', name: '' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    },
  );
});

describe('device groups', () => {
  it('lists flat records and the tree; names are unique in a team (1083)', async () => {
    const a = await buildGroup(server, token, { name: 'Factory' });
    const b = await buildGroup(server, token, { name: 'Hall', parent_id: a.id });
    const c = await buildGroup(server, token, { name: 'Line', parent_id: b.id });
    const d = await buildDevice(server, token, { group_id: c.id });
    const data = await groups();
    expect(data.list.find((g) => g.id === c.id)).toMatchObject({ parent_id: b.id, device_count: 1 });
    const root = data.tree.find((n) => n.id === a.id)!;
    expect(root.children.map((n) => n.name)).toEqual(['Hall']);
    expect(root.children[0]!.children.map((n) => n.name)).toEqual(['Line']);
    const listed = await server.call<{ list: { group_path: string[] }[] }>(
      'GET',
      `/device/list?search=${d.sn}`,
      { token },
    );
    expect(listed.body.data.list[0]!.group_path).toEqual(['Factory', 'Hall', 'Line']);

    const dup = await server.call('POST', '/device/group/add', { token, body: { name: 'Hall' } });
    expect(dup.body.code).toBe(ErrorCode.E1083_TEAM_GROUP_DUPLICATE);
    const dupRename = await server.call('POST', '/device/group/rename', {
      token,
      body: { id: c.id, name: 'Factory' },
    });
    expect(dupRename.body.code).toBe(ErrorCode.E1083_TEAM_GROUP_DUPLICATE);
    // Another team may use the same name.
    const other = await createActiveUser(server);
    expect(
      (await server.call('POST', '/device/group/add', { token: other.tokens.token, body: { name: 'Hall' } }))
        .body.code,
    ).toBe(0);
  });

  it('renames and moves; a move under itself or a descendant is refused', async () => {
    const a = await buildGroup(server, token);
    const b = await buildGroup(server, token, { parent_id: a.id });
    const renamed = await server.call('POST', '/device/group/rename', {
      token,
      body: { id: b.id, name: 'Renamed' },
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { id: b.id, name: 'Renamed', parent_id: a.id } });
    for (const parent of [a.id, b.id]) {
      const res = await server.call('POST', '/device/group/move', {
        token,
        body: { id: a.id, parent_id: parent },
      });
      expect(res.body.code, `under ${parent}`).toBe(ErrorCode.E1006_BAD_PARAMETER);
    }
    const toRoot = await server.call('POST', '/device/group/move', {
      token,
      body: { id: b.id, parent_id: null },
    });
    expect(toRoot.body).toMatchObject({ code: 0, data: { parent_id: null } });
    const back = await server.call('POST', '/device/group/move', {
      token,
      body: { id: a.id, parent_id: b.id },
    });
    expect(back.body).toMatchObject({ code: 0, data: { parent_id: b.id } });
  });

  it('a group or subgroup with devices cannot be deleted (1032); an empty subtree is deleted whole', async () => {
    const a = await buildGroup(server, token);
    const b = await buildGroup(server, token, { parent_id: a.id });
    const device = await buildDevice(server, token, { group_id: b.id });
    for (const id of [a.id, b.id]) {
      const res = await server.call('POST', '/device/group/delete', { token, body: { id } });
      expect(res.body.code).toBe(ErrorCode.E1032_GROUP_HAS_DEVICES);
    }
    await server.call('POST', '/device/move', { token, body: { ids: [device.id], group_id: null } });
    const res = await server.call('POST', '/device/group/delete', { token, body: { id: a.id } });
    expect(res.body.code).toBe(0);
    const ids = (await groups()).list.map((g) => g.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
  });

  it('ids of another team or outside the data permissions are 1027', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildGroup(server, other.tokens.token);
    const mine = await buildGroup(server, token);
    for (const [path, body] of [
      ['/device/group/rename', { id: foreign.id, name: 'x1' }],
      ['/device/group/move', { id: foreign.id, parent_id: null }],
      ['/device/group/move', { id: mine.id, parent_id: foreign.id }],
      ['/device/group/delete', { id: foreign.id }],
      ['/device/group/add', { name: 'x2', parent_id: foreign.id }],
    ] as const) {
      const res = await server.call('POST', path, { token, body });
      expect(res.body.code, `${path} ${JSON.stringify(body)}`).toBe(ErrorCode.E1027_ILLEGAL_GROUP_ID);
    }
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.GroupView, Perm.GroupEdit, Perm.GroupDelete],
    });
    const visible = await buildGroup(server, token);
    await grantData(server, sub.roleId, { groupIds: [visible.id] });
    expect((await groups(sub.tokens.token)).list.map((g) => g.id)).toEqual([visible.id]);
    const hidden = await server.call('POST', '/device/group/delete', {
      token: sub.tokens.token,
      body: { id: mine.id },
    });
    expect(hidden.body.code).toBe(ErrorCode.E1027_ILLEGAL_GROUP_ID);
  });
});
