import { ErrorCode, Perm, type TemplateDetail, type TemplateListReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import {
  buildDevice,
  buildTemplate,
  grantData,
  setTemplateLimit,
  startDeviceTestServer,
} from './device-test-factories.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
});
afterAll(async () => server?.close());

const templateList = async (t = token, query = '') =>
  (await server.call<TemplateListReply>('GET', `/template/list${query}`, { token: t })).body;

describe('template routes: access', () => {
  const all = [
    Perm.TemplateView,
    Perm.TemplateAdd,
    Perm.TemplateCopy,
    Perm.TemplateEdit,
    Perm.TemplateDelete,
  ];
  const routes = [
    { method: 'GET', path: '/template/list', perm: Perm.TemplateView, body: undefined },
    { method: 'GET', path: '/template/detail?id=1', perm: Perm.TemplateView, body: undefined },
    { method: 'POST', path: '/template/add', perm: Perm.TemplateAdd, body: { name: 'x' } },
    { method: 'POST', path: '/template/copy', perm: Perm.TemplateCopy, body: { id: 1, name: 'x' } },
    { method: 'POST', path: '/template/edit', perm: Perm.TemplateEdit, body: { id: 1 } },
    { method: 'POST', path: '/template/delete', perm: Perm.TemplateDelete, body: { id: 1 } },
  ];
  it.each(routes)(
    '$method $path: 401, then 403 without permission $perm',
    async ({ method, path, body, perm }) => {
      expect((await server.call(method, path, { body })).status).toBe(401);
      const sub = await createSubAccount(server, main, { permissions: all.filter((p) => p !== perm) });
      const res = await server.call(method, path, { token: sub.tokens.token, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(1002);
    },
  );

  it.each([
    ['/template/add', { name: '' }],
    ['/template/add', { name: 'x', tags: [{ name: 'a', data_type: 10 }] }],
    ['/template/add', { name: 'x', tags: [{ name: 'a', data_type: 1, rw: 3 }] }],
    [
      '/template/add',
      {
        name: 'x',
        tags: [
          { name: 'a', data_type: 1 },
          { name: 'a', data_type: 2 },
        ],
      },
    ],
    ['/template/add', { name: 'x', type: 'other' }],
    ['/template/edit', { id: 'x' }],
  ])('POST %s %j: 400 (1006)', async (path, body) => {
    const res = await server.call('POST', path, { token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1006);
  });

  it('ids of another team or outside the template data permissions are 1029', async () => {
    const other = await createActiveUser(server);
    const foreign = await buildTemplate(server, other.tokens.token);
    for (const [method, path, body] of [
      ['GET', `/template/detail?id=${foreign.id}`, undefined],
      ['POST', '/template/copy', { id: foreign.id, name: 'c' }],
      ['POST', '/template/edit', { id: foreign.id, name: 'e' }],
      ['POST', '/template/delete', { id: foreign.id }],
    ] as const) {
      expect((await server.call(method, path, { token, body })).body.code, path).toBe(
        ErrorCode.E1029_ILLEGAL_TEMPLATE_ID,
      );
    }
    const d = await buildDevice(server, token);
    const assign = await server.call('POST', '/device/template', {
      token,
      body: { ids: [d.id], template_id: foreign.id },
    });
    expect(assign.body.code).toBe(ErrorCode.E1029_ILLEGAL_TEMPLATE_ID);
    expect((await templateList(token, `?templateid=${foreign.id}`)).data.list).toEqual([]);

    const sub = await createSubAccount(server, other, { permissions: [Perm.TemplateView] });
    expect((await templateList(sub.tokens.token)).data.list).toEqual([]);
    await grantData(server, sub.roleId, { templateIds: [foreign.id] });
    expect((await templateList(sub.tokens.token)).data.list.map((t) => t.id)).toEqual([foreign.id]);
  });
});

describe('templates', () => {
  it('the team limit (template_max_num, default 1) gives 1033, for copies too; names exist 1030', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    expect(team.profile.template_max_num).toBe(1);
    const first = await buildTemplate(server, t, { name: 'Boiler' });
    const second = await server.call('POST', '/template/add', { token: t, body: { name: 'Other' } });
    expect(second.body).toMatchObject({ code: ErrorCode.E1033_TEMPLATE_LIMIT, data: { max: 1 } });
    const copy = await server.call('POST', '/template/copy', {
      token: t,
      body: { id: first.id, name: 'Copy' },
    });
    expect(copy.body.code).toBe(ErrorCode.E1033_TEMPLATE_LIMIT);
    await setTemplateLimit(server, team.profile.team_id, 3);
    const dup = await server.call('POST', '/template/add', { token: t, body: { name: 'Boiler' } });
    expect(dup.body.code).toBe(ErrorCode.E1030_TEMPLATE_NAME_EXISTS);
    const dupCopy = await server.call('POST', '/template/copy', {
      token: t,
      body: { id: first.id, name: 'Boiler' },
    });
    expect(dupCopy.body.code).toBe(ErrorCode.E1030_TEMPLATE_NAME_EXISTS);
    const list = await templateList(t);
    expect(list.data).toMatchObject({ max: 3, count: 1, total: 1 });
  });

  it('creates with tags, copies them (new ids), lists with device count and create time, finds ?templateid=', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    await setTemplateLimit(server, team.profile.team_id, 5);
    const created = await buildTemplate(server, t, {
      name: 'Press',
      tags: [
        {
          name: 'pressure',
          data_type: 7,
          rw: 0,
          unit: 'bar',
          decimals: 2,
          address: 'D100',
          description: 'main',
        },
      ],
    });
    expect(created).toMatchObject({
      name: 'Press',
      type: 'local',
      data_center: server.config.region,
      hmi_model: 'HMI-7',
      version: 1,
      device_count: 0,
      tag_count: 1,
      tags: [
        {
          name: 'pressure',
          data_type: 7,
          rw: 0,
          unit: 'bar',
          decimals: 2,
          address: 'D100',
          description: 'main',
        },
      ],
    });
    const copy = await server.call<TemplateDetail>('POST', '/template/copy', {
      token: t,
      body: { id: created.id, name: 'Press2' },
    });
    expect(copy.body.data).toMatchObject({ name: 'Press2', tags: [{ name: 'pressure', unit: 'bar' }] });
    expect(copy.body.data.tags[0]!.id).not.toBe(created.tags[0]!.id);
    await buildDevice(server, t, { template_id: created.id });
    const list = await templateList(t);
    expect(list.data.list.map((x) => [x.name, x.device_count])).toEqual([
      ['Press2', 0],
      ['Press', 1],
    ]);
    expect(list.data.list[1]!.created_at).toBeGreaterThan(Date.now() - 60_000);
    expect((await templateList(t, `?templateid=${created.id}`)).data.list.map((x) => x.id)).toEqual([
      created.id,
    ]);
    expect((await templateList(t, '?search=ss2')).data.list.map((x) => x.id)).toEqual([copy.body.data.id]);
  });

  it('edit bumps the version, keeps tag ids, sets its devices to sync 0; delete is 1037 while devices use it', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    const tpl = await buildTemplate(server, t);
    const device = await buildDevice(server, t, { template_id: tpl.id, sync_state: 1 });
    const [speed] = tpl.tags;
    const edit = await server.call<TemplateDetail>('POST', '/template/edit', {
      token: t,
      body: {
        id: tpl.id,
        description: 'new',
        tags: [
          { ...speed!, name: 'rpm' },
          { name: 'temp', data_type: 7 },
        ],
      },
    });
    expect(edit.body.data).toMatchObject({ version: 2, description: 'new', device_count: 1 });
    expect(edit.body.data.tags.map((x) => x.name)).toEqual(['rpm', 'temp']);
    expect(edit.body.data.tags[0]!.id).toBe(speed!.id);
    const d = await server.call<{ sync_state: number; config_version: number }>(
      'GET',
      `/device/detail?id=${device.id}`,
      { token: t },
    );
    expect(d.body.data).toMatchObject({ sync_state: 0, config_version: device.config_version + 1 });
    const foreignTag = await server.call('POST', '/template/edit', {
      token: t,
      body: { id: tpl.id, tags: [{ id: 999_999, name: 'x', data_type: 1 }] },
    });
    expect(foreignTag.body.code).toBe(1006);

    expect(
      (await server.call('POST', '/template/delete', { token: t, body: { id: tpl.id } })).body.code,
    ).toBe(ErrorCode.E1037_TEMPLATE_HAS_DEVICES);
    await server.call('POST', '/device/template', {
      token: t,
      body: { ids: [device.id], template_id: null },
    });
    expect(
      (await server.call('POST', '/template/delete', { token: t, body: { id: tpl.id } })).body.code,
    ).toBe(0);
    expect((await templateList(t)).data.total).toBe(0);
  });
});
