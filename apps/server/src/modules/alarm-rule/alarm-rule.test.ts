import {
  AlarmLevel,
  AlarmType,
  ErrorCode,
  type AlarmGroup,
  type AlarmGroupListReply,
  type AlarmRule,
  type AlarmRuleListReply,
  type TemplateDetail,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRule, buildAlarmTemplate, ruleName } from './alarm-rule-test-helpers.ts';

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

describe('alarm groups', () => {
  it('add, list with rule counts, rename (1085 on a taken name), delete leaves the rules without a group', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    const { template, tag } = await buildAlarmTemplate(server, t);
    const add = async (name: string) =>
      server.call<AlarmGroup>('POST', '/alarm/group/add', { token: t, body: { name } });
    const boiler = (await add('Boiler')).body.data;
    const pumps = (await add('Pumps')).body.data;
    expect(boiler).toMatchObject({ name: 'Boiler', rule_count: 0 });
    expect((await add('Boiler')).body.code).toBe(ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS);
    expect((await add('')).body.code).toBe(1006);
    expect((await add('x'.repeat(33))).body.code).toBe(1006);
    const rule = await addRule(server, t, {
      template_id: template.id,
      group_id: boiler.id,
      name: 'hot',
      level: AlarmLevel.Critical,
      tag_id: tag('real'),
      type: AlarmType.HighHigh,
      value: '99.5',
    });
    expect(rule).toMatchObject({ group_id: boiler.id, group_name: 'Boiler' });
    const groups = async () =>
      (await server.call<AlarmGroupListReply>('GET', '/alarm/group/list', { token: t })).body.data.list;
    expect(await groups()).toEqual([
      { id: boiler.id, name: 'Boiler', rule_count: 1 },
      { id: pumps.id, name: 'Pumps', rule_count: 0 },
    ]);
    const taken = await server.call('POST', '/alarm/group/edit', {
      token: t,
      body: { id: pumps.id, name: 'Boiler' },
    });
    expect(taken.body.code).toBe(ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS);
    const renamed = await server.call('POST', '/alarm/group/edit', {
      token: t,
      body: { id: boiler.id, name: 'Kettle' },
    });
    expect(renamed.body).toMatchObject({ code: 0, data: { id: boiler.id, name: 'Kettle', rule_count: 1 } });
    expect((await list(`template_id=${template.id}&group_id=${boiler.id}`, t)).data.list[0]).toMatchObject({
      id: rule.id,
      group_name: 'Kettle',
    });
    expect(
      (await server.call('POST', '/alarm/group/delete', { token: t, body: { id: boiler.id } })).body.code,
    ).toBe(0);
    expect(await groups()).toEqual([{ id: pumps.id, name: 'Pumps', rule_count: 0 }]);
    expect((await list(`template_id=${template.id}`, t)).data.list[0]).toMatchObject({
      id: rule.id,
      group_id: null,
      group_name: null,
    });
  });
});

describe('alarm rules', () => {
  it('adds, lists (search, group, paging, count/max), edits and deletes many', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    const { template, tag } = await buildAlarmTemplate(server, t);
    const group = (
      await server.call<AlarmGroup>('POST', '/alarm/group/add', { token: t, body: { name: 'Line 1' } })
    ).body.data;
    const base = {
      template_id: template.id,
      level: AlarmLevel.Minor,
      type: AlarmType.Low,
      tag_id: tag('uint32'),
    };
    const a = await addRule(server, t, {
      ...base,
      name: 'low pressure',
      value: '10',
      content: 'Pressure {value}',
    });
    const b = await addRule(server, t, {
      ...base,
      name: 'drift',
      group_id: group.id,
      type: AlarmType.LargeDeviation,
      tag_id: tag('lreal'),
      target: '20.5',
      deviation: '1.5',
      deadband: '0.25',
    });
    const c = await addRule(server, t, {
      ...base,
      name: 'door open',
      type: AlarmType.On,
      tag_id: tag('bool'),
      value: 1,
    });
    expect(a).toMatchObject({
      template_id: template.id,
      name: 'low pressure',
      level: 1,
      type: 8,
      tag_id: tag('uint32'),
      tag_name: 'uint32',
      value: '10',
      target: null,
      deviation: null,
      deadband: null,
      content: 'Pressure {value}',
      group_id: null,
    });
    // A deviation alarm keeps target and deviation; its value is 0.
    expect(b).toMatchObject({
      value: '0',
      target: '20.5',
      deviation: '1.5',
      deadband: '0.25',
      group_name: 'Line 1',
    });
    expect(c).toMatchObject({ value: '1', type: 128 });

    const all = await list(`template_id=${template.id}`, t);
    expect(all.data).toMatchObject({ total: 3, count: 3, max: 300 });
    expect(all.data.list.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect((await list(`template_id=${template.id}&search=PRESS`, t)).data.list.map((r) => r.id)).toEqual([
      a.id,
    ]);
    expect((await list(`template_id=${template.id}&search=bool`, t)).data.list.map((r) => r.id)).toEqual([
      c.id,
    ]);
    expect((await list(`template_id=${template.id}&search=%25`, t)).data.total).toBe(0);
    expect(
      (await list(`template_id=${template.id}&group_id=${group.id}`, t)).data.list.map((r) => r.id),
    ).toEqual([b.id]);
    const page2 = await list(`template_id=${template.id}&page=2&page_size=2`, t);
    expect(page2.data).toMatchObject({ total: 3, count: 3 });
    expect(page2.data.list.map((r) => r.id)).toEqual([c.id]);

    const edited = await server.call<AlarmRule>('POST', '/alarm/rule/edit', {
      token: t,
      body: {
        id: a.id,
        name: 'low pressure!',
        level: 16,
        tag_id: tag('int64'),
        type: AlarmType.LowLow,
        value: '-9223372036854775808',
      },
    });
    expect(edited.body.data).toMatchObject({
      id: a.id,
      name: 'low pressure!',
      level: 16,
      type: 4,
      value: '-9223372036854775808',
      content: '',
    });
    expect(edited.body.data.updated_at).toBeGreaterThanOrEqual(a.updated_at);

    expect(
      (await server.call('POST', '/alarm/rule/delete', { token: t, body: { ids: [a.id, c.id, a.id] } })).body
        .code,
    ).toBe(0);
    expect((await list(`template_id=${template.id}`, t)).data.list.map((r) => r.id)).toEqual([b.id]);
    expect(
      (await server.call('POST', '/alarm/rule/delete', { token: t, body: { ids: [a.id] } })).body.code,
    ).toBe(1003);
  });

  it('names are unique in a template (1088), not across templates', async () => {
    const first = await addRule(server, token, limitRule({ name: 'unique-name' }));
    const dup = await server.call('POST', '/alarm/rule/add', {
      token,
      body: limitRule({ name: 'unique-name' }),
    });
    expect(dup.body.code).toBe(ErrorCode.E1088_ALARM_NAME_EXISTS);
    const other = await addRule(server, token, limitRule({ name: 'other-name' }));
    const { template_id: _t, ...fields } = limitRule({ name: 'unique-name' });
    const rename = await server.call('POST', '/alarm/rule/edit', {
      token,
      body: { ...fields, id: other.id },
    });
    expect(rename.body.code).toBe(ErrorCode.E1088_ALARM_NAME_EXISTS);
    const same = await server.call('POST', '/alarm/rule/edit', { token, body: { ...fields, id: first.id } });
    expect(same.body.code).toBe(0);
    const second = await buildAlarmTemplate(server, token);
    await addRule(
      server,
      token,
      limitRule({ name: 'unique-name', template_id: second.template.id, tag_id: second.tag('int16') }),
    );
  });

  it('a template holds at most 300 rules (1090), also under concurrent adds', async () => {
    const { template, tag } = await buildAlarmTemplate(server, token);
    const now = Date.now();
    await server.app.db
      .insertInto('alarm_rules')
      .values(
        Array.from({ length: 297 }, (_, i) => ({
          team_id: main.profile.team_id,
          template_id: template.id,
          name: `bulk ${i}`,
          level: 1,
          tag_id: tag('int16'),
          type: AlarmType.High,
          value: String(i),
          target: null,
          deviation: null,
          deadband: null,
          position: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const body = () => limitRule({ template_id: template.id, tag_id: tag('int16') });
    expect((await server.call('POST', '/alarm/rule/add', { token, body: body() })).body.code).toBe(0);
    // Three at once for the last two places: the template row lock (PostgreSQL) or the single
    // writer (SQLite) lets exactly two in.
    const racing = await Promise.all(
      [1, 2, 3].map(() => server.call('POST', '/alarm/rule/add', { token, body: body() })),
    );
    expect(racing.map((r) => r.body.code).sort()).toEqual([0, 0, ErrorCode.E1090_ALARM_RULE_LIMIT]);
    const over = await server.call('POST', '/alarm/rule/add', { token, body: body() });
    expect(over.body).toMatchObject({ code: ErrorCode.E1090_ALARM_RULE_LIMIT, data: { max: 300 } });
    expect((await list(`template_id=${template.id}`)).data).toMatchObject({ count: 300, max: 300 });
  });

  it('a template copy copies its rules onto the copy’s tags; removing a tag removes its rules', async () => {
    const team = await createActiveUser(server);
    const t = team.tokens.token;
    await setTemplateLimit(server, team.profile.team_id, 3);
    const { template, tag } = await buildAlarmTemplate(server, t);
    const rule = await addRule(server, t, {
      ...limitRule(),
      template_id: template.id,
      tag_id: tag('int16'),
      name: 'kept',
    });
    await addRule(server, t, {
      ...limitRule(),
      template_id: template.id,
      tag_id: tag('uint16'),
      name: 'dropped',
    });
    const copy = (
      await server.call<TemplateDetail>('POST', '/template/copy', {
        token: t,
        body: { id: template.id, name: 'copy' },
      })
    ).body.data;
    const copied = (await list(`template_id=${copy.id}`, t)).data.list;
    expect(copied.map((r) => [r.name, r.tag_name, r.value])).toEqual([
      ['kept', 'int16', '100'],
      ['dropped', 'uint16', '100'],
    ]);
    expect(copied[0]?.tag_id).toBe(copy.tags.find((x) => x.name === 'int16')?.id);
    expect(copied[0]?.id).not.toBe(rule.id);

    const edit = await server.call('POST', '/template/edit', {
      token: t,
      body: { id: template.id, tags: template.tags.filter((x) => x.name !== 'uint16') },
    });
    expect(edit.body.code).toBe(0);
    expect((await list(`template_id=${template.id}`, t)).data.list.map((r) => r.name)).toEqual(['kept']);
    expect((await list(`template_id=${copy.id}`, t)).data.count).toBe(2);
  });
});

describe('alarm rule checks by the tag’s data type (SPEC section 5)', () => {
  type Case = [
    tag: Parameters<typeof fixture.tag>[0],
    type: number,
    fields: Record<string, unknown>,
    errors: unknown[],
  ];
  const range = (type: string, min: string, max: string) => ({
    key: 'validation.alarm.valueRange',
    params: { type, min, max },
  });
  const cases: Case[] = [
    ['uint16', AlarmType.High, { value: '65535' }, []],
    ['uint16', AlarmType.High, { value: '65536' }, [{ field: 'value', ...range('UINT16', '0', '65535') }]],
    ['uint16', AlarmType.Low, { value: -1 }, [{ field: 'value', ...range('UINT16', '0', '65535') }]],
    ['int16', AlarmType.LowLow, { value: '-32768' }, []],
    [
      'int16',
      AlarmType.LowLow,
      { value: '-32769' },
      [{ field: 'value', ...range('INT16', '-32768', '32767') }],
    ],
    ['int16', AlarmType.High, { value: '1.5' }, [{ field: 'value', key: 'validation.alarm.valueRange' }]],
    ['uint64', AlarmType.HighHigh, { value: '18446744073709551615' }, []],
    [
      'uint64',
      AlarmType.HighHigh,
      { value: '18446744073709551616' },
      [{ field: 'value', key: 'validation.alarm.valueRange' }],
    ],
    ['int64', AlarmType.Low, { value: '-9223372036854775808' }, []],
    [
      'int64',
      AlarmType.High,
      { value: '9223372036854775808' },
      [{ field: 'value', key: 'validation.alarm.valueRange' }],
    ],
    ['real', AlarmType.High, { value: '-1.5e3' }, []],
    [
      'real',
      AlarmType.High,
      { value: 'abc' },
      [{ field: 'value', key: 'validation.alarm.valueMismatch', params: { type: 'REAL' } }],
    ],
    ['lreal', AlarmType.High, { value: 2.25 }, []],
    ['bool', AlarmType.High, { value: '1' }, [{ field: 'tag_id', key: 'validation.alarm.limitTagType' }]],
    ['string', AlarmType.Low, { value: '1' }, [{ field: 'tag_id', key: 'validation.alarm.limitTagType' }]],
    [
      'string',
      AlarmType.LargeDeviation,
      { target: '1', deviation: '1' },
      [{ field: 'tag_id', key: 'validation.alarm.deviationTagType' }],
    ],
    [
      'bool',
      AlarmType.SmallDeviation,
      { target: '1', deviation: '1' },
      [{ field: 'tag_id', key: 'validation.alarm.deviationTagType' }],
    ],
    ['int32', AlarmType.On, { value: '1' }, [{ field: 'tag_id', key: 'validation.alarm.onOffTagType' }]],
    ['bool', AlarmType.On, { value: '1' }, []],
    ['bool', AlarmType.Off, { value: 0 }, []],
    ['bool', AlarmType.On, { value: '0' }, [{ field: 'value', key: 'validation.alarm.onOnlyOne' }]],
    ['bool', AlarmType.Off, { value: '1' }, [{ field: 'value', key: 'validation.alarm.offOnlyZero' }]],
    ['bool', AlarmType.On, { value: '2' }, [{ field: 'value', key: 'validation.alarm.onOffValue' }]],
    ['int32', AlarmType.LargeDeviation, { target: '10', deviation: '2', deadband: '0.5' }, []],
    [
      'int32',
      AlarmType.LargeDeviation,
      { target: '1.5', deviation: '2' },
      [{ field: 'target', key: 'validation.alarm.targetMismatch' }],
    ],
    [
      'int16',
      AlarmType.SmallDeviation,
      { target: '40000', deviation: '2' },
      [{ field: 'target', ...range('INT16', '-32768', '32767') }],
    ],
    [
      'int32',
      AlarmType.LargeDeviation,
      { deviation: '2' },
      [{ field: 'target', key: 'validation.required' }],
    ],
    [
      'real',
      AlarmType.SmallDeviation,
      { target: '1.5', deviation: '-0.5' },
      [{ field: 'deviation', key: 'validation.alarmImport.deviation' }],
    ],
    [
      'real',
      AlarmType.High,
      { value: '1', deadband: '-1' },
      [{ field: 'deadband', key: 'validation.alarmImport.deadband' }],
    ],
    [
      'uint16',
      AlarmType.High,
      { value: 'x', deadband: 'y' },
      [
        { field: 'value', key: 'validation.alarm.valueRange' },
        { field: 'deadband', key: 'validation.alarmImport.deadband' },
      ],
    ],
  ];
  it.each(cases)('%s tag, type %i, %j -> %j', async (tag, type, fields, errors) => {
    const res = await server.call<AlarmRule>('POST', '/alarm/rule/add', {
      token,
      body: {
        template_id: fixture.template.id,
        name: ruleName('check'),
        level: 1,
        tag_id: fixture.tag(tag),
        type,
        ...fields,
      },
    });
    if (errors.length === 0) expect(res.body.code).toBe(0);
    else expect(res.body).toMatchObject({ code: 1006, data: { errors } });
    if (errors.length > 0)
      expect((res.body.data as unknown as { errors: unknown[] }).errors).toHaveLength(errors.length);
  });

  it('a field error carries its key for the client to translate, whatever the caller’s language; edit checks like add', async () => {
    const zh = await createActiveUser(server, { lang: 'zh-cn' });
    const { template, tag } = await buildAlarmTemplate(server, zh.tokens.token);
    const bad = await server.call('POST', '/alarm/rule/add', {
      token: zh.tokens.token,
      body: {
        template_id: template.id,
        name: 'x',
        level: 1,
        tag_id: tag('bool'),
        type: AlarmType.Off,
        value: '1',
      },
    });
    expect(bad.body).toMatchObject({ code: 1006, msg: 'An "off" alarm only accepts the value 0.' });
    const en = await server.call('POST', '/alarm/rule/add', {
      token,
      body: limitRule({ tag_id: fixture.tag('string') }),
    });
    expect(en.body.msg).toBe('Limit-value alarms cannot use String or Bool tags.');
    const rule = await addRule(server, token, limitRule());
    const { template_id: _t, ...fields } = limitRule({ value: '99999' });
    const edit = await server.call('POST', '/alarm/rule/edit', { token, body: { ...fields, id: rule.id } });
    expect(edit.body).toMatchObject({
      code: 1006,
      data: { errors: [{ field: 'value', key: 'validation.alarm.valueRange' }] },
    });
  });
});
