import {
  AlarmLevel,
  AlarmType,
  ErrorCode,
  Perm,
  type AlarmGroup,
  type AlarmGroupListReply,
  type AlarmRuleListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { grantData, setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRule, buildAlarmTemplate, download, ruleName, uploadSheet } from './alarm-rule-test-helpers.ts';

let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let fixture: Awaited<ReturnType<typeof buildAlarmTemplate>>;

beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  await setTemplateLimit(server, main.profile.team_id, 10);
  fixture = await buildAlarmTemplate(server, token);
});
afterAll(async () => server?.close());

const limitRule = (overrides: Record<string, unknown> = {}) => ({
  template_id: fixture.template.id,
  name: ruleName(),
  level: AlarmLevel.Severe,
  tag_id: fixture.tag('int16'),
  type: AlarmType.High,
  value: '100',
  ...overrides,
});

const list = async (query: string, t = token) =>
  (await server.call<AlarmRuleListReply>('GET', `/alarm/rule/list?${query}`, { token: t })).body;

/** Another team with a template, a group and a rule of its own. */
async function otherTeam() {
  const other = await createActiveUser(server);
  const t = other.tokens.token;
  const { template, tag } = await buildAlarmTemplate(server, t);
  const group = (
    await server.call<AlarmGroup>('POST', '/alarm/group/add', { token: t, body: { name: 'theirs' } })
  ).body.data;
  const rule = await addRule(server, t, {
    template_id: template.id,
    name: 'theirs',
    level: 1,
    tag_id: tag('int16'),
    type: AlarmType.High,
    value: '1',
  });
  return { other, template, group, rule };
}

describe('alarm rule routes: access', () => {
  const routes = [
    { method: 'GET', path: '/alarm/group/list', body: undefined },
    { method: 'POST', path: '/alarm/group/add', body: { name: 'g' } },
    { method: 'POST', path: '/alarm/group/edit', body: { id: 1, name: 'g' } },
    { method: 'POST', path: '/alarm/group/delete', body: { id: 1 } },
    { method: 'GET', path: '/alarm/rule/list?template_id=1', body: undefined },
    {
      method: 'POST',
      path: '/alarm/rule/add',
      body: { template_id: 1, name: 'x', level: 1, tag_id: 1, type: 1 },
    },
    { method: 'POST', path: '/alarm/rule/edit', body: { id: 1, name: 'x', level: 1, tag_id: 1, type: 1 } },
    { method: 'POST', path: '/alarm/rule/delete', body: { ids: [1] } },
    { method: 'GET', path: '/alarm/rule/export?template_id=1', body: undefined },
    { method: 'GET', path: '/alarm/rule/import-template', body: undefined },
  ];
  it.each(routes)('$method $path: 401 without a token, 1002 without the alarm permission', async (r) => {
    expect((await server.call(r.method, r.path, { body: r.body })).status).toBe(401);
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.TemplateView, Perm.TemplateEdit, Perm.DeviceView],
    });
    const res = await server.call(r.method, r.path, { token: sub.tokens.token, body: r.body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
  });

  it('POST /alarm/rule/import: 401 without a token, 1002 without the alarm permission', async () => {
    const file = { bytes: Buffer.from('x'), name: 'a.xlsx' };
    expect((await uploadSheet(server, undefined, { templateId: 1, file })).status).toBe(401);
    const sub = await createSubAccount(server, main, { permissions: [Perm.TemplateView] });
    const res = await uploadSheet(server, sub.tokens.token, { templateId: fixture.template.id, file });
    expect(res.body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
  });

  it('a template outside the caller’s template data permissions is 1029 until granted', async () => {
    const sub = await createSubAccount(server, main, { permissions: [Perm.DeviceAlarm] });
    const t = sub.tokens.token;
    const id = fixture.template.id;
    const calls = [
      () => server.call('GET', `/alarm/rule/list?template_id=${id}`, { token: t }),
      () => server.call('POST', '/alarm/rule/add', { token: t, body: limitRule() }),
      () =>
        download(server, t, `/alarm/rule/export?template_id=${id}`).then((r) => ({
          body: JSON.parse(r.bytes.toString()),
        })),
      () => uploadSheet(server, t, { templateId: id, file: { bytes: Buffer.from('x'), name: 'a.xlsx' } }),
    ];
    for (const call of calls) expect((await call()).body.code).toBe(ErrorCode.E1029_ILLEGAL_TEMPLATE_ID);
    const rule = await addRule(server, token, limitRule());
    for (const [path, body] of [
      ['/alarm/rule/edit', { ...limitRule(), id: rule.id }],
      ['/alarm/rule/delete', { ids: [rule.id] }],
    ] as const) {
      const { template_id: _t, ...edit } = body as Record<string, unknown>;
      expect((await server.call('POST', path, { token: t, body: edit })).body.code, path).toBe(
        ErrorCode.E1029_ILLEGAL_TEMPLATE_ID,
      );
    }
    await grantData(server, sub.roleId, { templateIds: [id] });
    expect((await list(`template_id=${id}`, t)).code).toBe(0);
    expect((await server.call('POST', '/alarm/rule/add', { token: t, body: limitRule() })).body.code).toBe(0);
  });

  it('ids of another team are refused: template 1029, group and rule 1003, and nothing changes', async () => {
    const theirs = await otherTeam();
    const mine = await addRule(server, token, limitRule());
    const cases: [string, string, unknown, number][] = [
      [
        'GET',
        `/alarm/rule/list?template_id=${theirs.template.id}`,
        undefined,
        ErrorCode.E1029_ILLEGAL_TEMPLATE_ID,
      ],
      [
        'GET',
        `/alarm/rule/list?template_id=${fixture.template.id}&group_id=${theirs.group.id}`,
        undefined,
        1003,
      ],
      ['POST', '/alarm/rule/add', limitRule({ template_id: theirs.template.id }), 1029],
      ['POST', '/alarm/rule/add', limitRule({ group_id: theirs.group.id }), 1003],
      ['POST', '/alarm/rule/edit', { ...limitRule(), template_id: undefined, id: theirs.rule.id }, 1003],
      ['POST', '/alarm/rule/delete', { ids: [mine.id, theirs.rule.id] }, 1003],
      ['POST', '/alarm/group/edit', { id: theirs.group.id, name: 'mine now' }, 1003],
      ['POST', '/alarm/group/delete', { id: theirs.group.id }, 1003],
    ];
    for (const [method, path, body, code] of cases)
      expect((await server.call(method, path, { token, body })).body.code, `${method} ${path}`).toBe(code);
    // A tag id of another template is not a tag of this one.
    const foreignTag = await server.call('POST', '/alarm/rule/add', {
      token,
      body: limitRule({ tag_id: theirs.template.tags[4]?.id }),
    });
    expect(foreignTag.body).toMatchObject({
      code: 1006,
      data: { errors: [{ field: 'tag_id', key: 'validation.alarmImport.tag' }] },
    });
    const t = theirs.other.tokens.token;
    expect((await list(`template_id=${theirs.template.id}`, t)).data.list.map((r) => r.name)).toEqual([
      'theirs',
    ]);
    const groups = (await server.call<AlarmGroupListReply>('GET', '/alarm/group/list', { token: t })).body
      .data;
    expect(groups.list).toEqual([{ id: theirs.group.id, name: 'theirs', rule_count: 0 }]);
    expect((await list(`template_id=${fixture.template.id}&search=${mine.name}`)).data.total).toBe(1);
  });
});
