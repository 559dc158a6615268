import {
  ErrorCode,
  Perm,
  StringErrorCode,
  type DeviceInConfiguration,
  type ProjectDetail,
  type ProjectListReply,
  type ProjectScreen,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  grantData,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 100);
});
afterAll(async () => server?.close());

const post = <T = unknown>(path: string, body: unknown, t = token) =>
  server.call<T>('POST', path, { token: t, body });
const get = <T = unknown>(path: string, t = token) => server.call<T>('GET', path, { token: t });
let n = 0;
async function addProject(body: { name?: string; device_ids?: number[] } = {}, t = token) {
  const res = await post<ProjectDetail>('/project/add', { name: body.name ?? `Line ${++n}`, ...body }, t);
  expect(res.body, 'project add').toMatchObject({ code: 0 });
  return res.body.data;
}
const numeric = (id: string, deviceId: number, tagId = 1) => ({
  id,
  type: 'numeric',
  x: 10,
  y: 10,
  w: 120,
  h: 40,
  props: {},
  binding: { deviceId, tagId },
});
const doc = (...widgets: unknown[]) => ({ version: 2, widgets });

describe('projects', () => {
  it('adds with devices, lists with counts, finds by ?projectid, renames; names unique in the team case-insensitively (1092)', async () => {
    const d1 = await buildDevice(server, token);
    const d2 = await buildDevice(server, token);
    const p = await addProject({ name: 'Bottling line', device_ids: [d1.id, d2.id] });
    expect(p).toMatchObject({ name: 'Bottling line', device_count: 2, screen_count: 0, locked: false });
    expect(p.devices.map((d) => [d.id, d.visible])).toEqual([
      [d1.id, true],
      [d2.id, true],
    ]);
    expect((await post('/project/add', { name: 'BOTTLING LINE' })).body.code).toBe(
      ErrorCode.E1092_PROJECT_EXISTS,
    );
    const other = await addProject();
    expect((await post('/project/edit', { id: other.id, name: 'bottling line' })).body.code).toBe(
      ErrorCode.E1092_PROJECT_EXISTS,
    );
    const list = (await get<ProjectListReply>('/project/list?search=bottl')).body.data;
    expect(list.list.map((x) => x.id)).toEqual([p.id]);
    expect(list.list[0]).toMatchObject({ device_count: 2, screen_count: 0 });
    expect((await get<ProjectListReply>(`/project/list?projectid=${other.id}`)).body.data.total).toBe(1);
    const renamed = await post<ProjectDetail>('/project/edit', { id: p.id, description: 'Five machines' });
    expect(renamed.body.data).toMatchObject({ name: 'Bottling line', description: 'Five machines' });
  });

  it('takes only devices of the team (1003); another team sees none of it (1003)', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildDevice(server, other.tokens.token);
    expect((await post('/project/add', { name: 'X1', device_ids: [foreign.id] })).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    const p = await addProject();
    expect((await get(`/project/detail?id=${p.id}`, other.tokens.token)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    expect((await post('/project/delete', { id: p.id }, other.tokens.token)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    const theirs = (await get<ProjectListReply>('/project/list', other.tokens.token)).body.data;
    expect(theirs.total).toBe(0);
  });

  it('screens bind only devices of the project (1089); a bound device cannot leave the project or the team (1091)', async () => {
    const d1 = await buildDevice(server, token);
    const d2 = await buildDevice(server, token);
    const p = await addProject({ device_ids: [d1.id] });
    const refused = await post('/project/screen/add', {
      project_id: p.id,
      name: 'Main',
      document: doc(numeric('a', d2.id)),
    });
    expect(refused.body.code).toBe(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT);
    const screen = await post<ProjectScreen>('/project/screen/add', {
      project_id: p.id,
      name: 'Main',
      document: doc(numeric('a', d1.id)),
    });
    expect(screen.body).toMatchObject({ code: 0, data: { version: 1, name: 'Main' } });
    const leave = await post<DeviceInConfiguration>('/project/devices', { id: p.id, device_ids: [] });
    expect(leave.body.code).toBe(ErrorCode.E1091_DEVICE_IN_CONFIGURATION);
    expect(leave.body.data.where).toEqual([
      { device_id: d1.id, project_id: p.id, project: p.name, screens: ['Main'] },
    ]);
    const unbind = await post('/device/unbind', { ids: [d1.id] });
    expect(unbind.body.code).toBe(ErrorCode.E1091_DEVICE_IN_CONFIGURATION);
    // Unbound in the designer: the device may go.
    await post('/project/screen/save', { id: screen.body.data.id, version: 1, document: doc() });
    expect((await post('/device/unbind', { ids: [d1.id] })).body.code).toBe(0);
    const after = (await get<ProjectDetail>(`/project/detail?id=${p.id}`)).body.data;
    expect(after.devices).toEqual([]);
  });

  it('saves over the loaded version only: a second editor gets a conflict and nothing is overwritten', async () => {
    const d = await buildDevice(server, token);
    const p = await addProject({ device_ids: [d.id] });
    const s = (await post<ProjectScreen>('/project/screen/add', { project_id: p.id, name: 'S' })).body.data;
    expect(s.document).toMatchObject({ version: 2, widgets: [] });
    const first = await post<ProjectScreen>('/project/screen/save', {
      id: s.id,
      version: 1,
      document: doc(numeric('first', d.id)),
    });
    expect(first.body.data.version).toBe(2);
    const second = await post('/project/screen/save', {
      id: s.id,
      version: 1,
      document: doc(numeric('second', d.id)),
    });
    expect(second.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: {
        fields: [{ path: 'version', message: 'validation.screen.versionConflict', params: { version: 2 } }],
      },
    });
    const stored = (await get<ProjectScreen>(`/project/screen?id=${s.id}`)).body.data;
    expect((stored.document as { widgets: { id: string }[] }).widgets.map((w) => w.id)).toEqual(['first']);
  });

  it('refuses an invalid document with 1006 validation.screen.document and keeps the stored one', async () => {
    const p = await addProject();
    const s = (await post<ProjectScreen>('/project/screen/add', { project_id: p.id, name: 'S' })).body.data;
    const bad = await post('/project/screen/save', {
      id: s.id,
      version: 1,
      document: { version: 2, widgets: [{ id: 'x', type: 'rocket' }] },
    });
    expect(bad.body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ path: 'document' }] },
    });
    expect((await get<ProjectScreen>(`/project/screen?id=${s.id}`)).body.data.version).toBe(1);
  });

  it('migrates a version 1 document forward when it is saved', async () => {
    const d = await buildDevice(server, token);
    const p = await addProject({ device_ids: [d.id] });
    const v1 = {
      version: 1,
      width: 800,
      height: 600,
      background: '#112233',
      widgets: [
        { id: 'w', type: 'numeric', left: 5, top: 6, width: 70, height: 20, props: {}, bind: `${d.id}:3` },
      ],
    };
    const s = await post<ProjectScreen>('/project/screen/add', {
      project_id: p.id,
      name: 'Old',
      document: v1,
    });
    expect(s.body.data.document).toMatchObject({
      version: 2,
      size: { width: 800, height: 600 },
      widgets: [{ id: 'w', x: 5, y: 6, w: 70, h: 20, binding: { deviceId: d.id, tagId: 3 } }],
    });
  });

  it('locks the projects beyond the allowance, oldest first (1052 on changes); a new one must fit', async () => {
    const owner = await createActiveUser(server);
    await setTemplateLimit(server, owner.profile.team_id, 2);
    const t = owner.tokens.token;
    const older = await addProject({}, t);
    const newer = await addProject({}, t);
    expect((await post('/project/add', { name: 'third' }, t)).body).toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
      data: { fields: [{ message: 'validation.project.lockedCreate', params: { max: 2 } }] },
    });
    await setTemplateLimit(server, owner.profile.team_id, 1);
    const list = (await get<ProjectListReply>('/project/list', t)).body.data.list;
    expect(Object.fromEntries(list.map((p) => [p.id, p.locked]))).toEqual({
      [older.id]: true,
      [newer.id]: false,
    });
    expect((await post('/project/edit', { id: older.id, description: 'x' }, t)).body).toMatchObject({
      code: ErrorCode.E1052_TEMPLATE_LOCKED,
      // The web shows the project's text, not the spec's template one.
      data: StringErrorCode.E_PROJECT_LOCKED,
    });
    expect((await post('/project/screen/add', { project_id: older.id, name: 'S' }, t)).body.code).toBe(
      ErrorCode.E1052_TEMPLATE_LOCKED,
    );
    expect((await post('/project/edit', { id: newer.id, description: 'x' }, t)).body.code).toBe(0);
    expect((await post('/project/delete', { id: older.id }, t)).body.code).toBe(0);
  });
});

describe('projects of a sub-account', () => {
  it('sees and opens only granted projects (1003 otherwise), keeps what it created, adds no device it does not see', async () => {
    const d1 = await buildDevice(server, token);
    const d2 = await buildDevice(server, token);
    const granted = await addProject({ device_ids: [d1.id, d2.id] });
    const hidden = await addProject();
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.ProjectView, Perm.ProjectAdd, Perm.ProjectEdit],
      deviceIds: [d1.id],
    });
    await grantData(server, sub.roleId, { projectIds: [granted.id] });
    const st = sub.tokens.token;
    const list = (await get<ProjectListReply>('/project/list?page_size=200', st)).body.data;
    expect(list.list.map((p) => p.id)).toEqual([granted.id]);
    expect((await get(`/project/detail?id=${hidden.id}`, st)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const detail = (await get<ProjectDetail>(`/project/detail?id=${granted.id}`, st)).body.data;
    expect(detail.devices).toEqual([
      { id: d1.id, name: d1.name, online: d1.online, visible: true },
      { id: d2.id, name: '', online: 0, visible: false },
    ]);
    // Its device list leaves the device it does not see where it is; it cannot add one it does not see.
    const kept = await post<ProjectDetail>('/project/devices', { id: granted.id, device_ids: [] }, st);
    expect(kept.body.data.devices.map((d) => d.id)).toEqual([d2.id]);
    expect((await post('/project/devices', { id: granted.id, device_ids: [d2.id] }, st)).body.code).toBe(
      ErrorCode.E1003_NO_DATA,
    );
    const own = await addProject({}, st);
    expect((await get(`/project/detail?id=${own.id}`, st)).body.code).toBe(0);
  });

  it('binds no device it does not see in a screen (1003), while bindings it had stay', async () => {
    const d1 = await buildDevice(server, token);
    const d2 = await buildDevice(server, token);
    const p = await addProject({ device_ids: [d1.id, d2.id] });
    const s = (
      await post<ProjectScreen>('/project/screen/add', {
        project_id: p.id,
        name: 'S',
        document: doc(numeric('b', d2.id)),
      })
    ).body.data;
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.ProjectView, Perm.ProjectEdit],
      deviceIds: [d1.id],
    });
    await grantData(server, sub.roleId, { projectIds: [p.id] });
    const st = sub.tokens.token;
    const widen = await post(
      '/project/screen/add',
      { project_id: p.id, name: 'T', document: doc(numeric('x', d2.id)) },
      st,
    );
    expect(widen.body.code).toBe(ErrorCode.E1003_NO_DATA);
    const keep = await post(
      '/project/screen/save',
      { id: s.id, version: 1, document: doc(numeric('b', d2.id), numeric('a', d1.id)) },
      st,
    );
    expect(keep.body.code).toBe(0);
  });
});
