import {
  AlarmLevel,
  AlarmRecordState,
  alarmRecordSheetColumns,
  alarmTypeFlags,
  locales,
  mailTexts,
  TagDataType,
  terms,
  validateAlarmValue,
  type AlarmRecord,
  type Locale,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { alarmMail, testMail } from './mail/notify-mail-texts.ts';
import { alarmTitle } from './modules/alarm/alarm-texts.ts';
import { alarmXlsx } from './modules/alarm/alarm.export.ts';
import { translate } from './modules/alarm-rule/alarm-rule.errors.ts';
import type { AlarmRuleView } from './modules/alarm-rule/alarm-rule.repo.ts';
import { levelOfLabel, typeOfLabel } from './modules/alarm-rule/alarm-sheet.columns.ts';
import { ruleSheetTexts } from './modules/alarm-rule/alarm-sheet.texts.ts';
import { importTemplateWorkbook, ruleRow } from './modules/alarm-rule/alarm-sheet.writer.ts';

/*
 * Every user-visible name of a level, alarm type, record state and data type is the same in each
 * language wherever the server writes it — mail, alarm message title, rule sheet, codes sheet,
 * record export, import messages — and is the console's name (the domain `terms`, which the web
 * loads as its `terms` namespace: apps/web/src/shared/i18n/web-terms.test.ts). The writers read the
 * one catalogue by construction; this checks what they actually write.
 */

const levels = Object.values(AlarmLevel);
const states = Object.values(AlarmRecordState);
/** A level no catalogue names: a writer shows its code, which marks where the name goes. */
const UNNAMED = 1024;

const facts = (level: number) => ({
  level,
  device: 'Boiler_1',
  rule: 'Overheat',
  tag: 'temp',
  content: 'hot',
  value: '98.5',
  raisedAt: 1_700_000_000_000,
  link: 'https://console.example/#/message/msgAlarm',
});

const rule = (level: number, type: number): AlarmRuleView =>
  ({
    name: 'r',
    group_name: null,
    level,
    tag_name: 't',
    type,
    value: '1',
    target: null,
    deviation: null,
    deadband: null,
    content: '',
  }) as AlarmRuleView;

const record = (level: number, type: number, state: number): AlarmRecord => ({
  id: 1,
  device_id: 1,
  device_name: 'd',
  rule_id: 1,
  rule_name: 'r',
  group_id: null,
  group_name: null,
  tag_id: 1,
  tag_name: 't',
  level: level as AlarmRecord['level'],
  type: type as AlarmRecord['type'],
  state: state as AlarmRecord['state'],
  content: '',
  value: '1',
  last_value: '1',
  times: 1,
  raised_at: 0,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
});

async function sheetRows(bytes: Buffer, sheet: number): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[sheet]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(locales)('%s', (locale: Locale) => {
  const names = terms[locale];

  it('mails and alarm message titles name the level as the console does', () => {
    const blankMail = alarmMail(locale, facts(UNNAMED), 0);
    const blankTitle = alarmTitle(locale, { level: UNNAMED, device: 'd', name: 'n' });
    const blankTest = testMail(locale, 0, 'https://x').text;
    const none = mailTexts[locale].levels.none;
    for (const level of levels) {
      const name = names.alarmLevel[level];
      const mail = alarmMail(locale, facts(level), 0);
      expect(mail.subject).toBe(blankMail.subject.replace(String(UNNAMED), name));
      expect(mail.text).toBe(blankMail.text.replace(String(UNNAMED), name));
      expect(alarmTitle(locale, { level, device: 'd', name: 'n' })).toBe(
        blankTitle.replace(String(UNNAMED), name),
      );
      // The levels a user receives by mail: that one name where "none" stood.
      expect(testMail(locale, level, 'https://x').text.replace(name, none)).toBe(blankTest);
    }
  });

  it('rule sheets write, list and read back the console names', async () => {
    const sheet = ruleSheetTexts[locale];
    for (const level of levels) {
      expect(ruleRow(rule(level, 2), locale).level).toBe(names.alarmLevel[level]);
      expect(levelOfLabel(names.alarmLevel[level])).toBe(level);
      expect(sheet.columns.level.note).toContain(names.alarmLevel[level]);
    }
    for (const type of alarmTypeFlags) {
      expect(ruleRow(rule(1, type), locale).type).toBe(names.alarmType[type]);
      expect(typeOfLabel(names.alarmType[type])).toBe(type);
      expect(sheet.columns.type.note).toContain(names.alarmType[type]);
    }
    const codes = await sheetRows(await importTemplateWorkbook(locale), 1);
    expect(codes.slice(1)).toEqual([
      ...levels.map((l) => [sheet.levelKind, l, names.alarmLevel[l]]),
      ...alarmTypeFlags.map((t) => [sheet.typeKind, t, names.alarmType[t]]),
    ]);
  });

  it('the record export names levels, types and states as the console does', async () => {
    const records = [
      ...levels.map((l) => record(l, 1, 1)),
      ...alarmTypeFlags.map((t) => record(1, t, 1)),
      ...states.map((s) => record(1, 1, s)),
    ];
    const [, ...rows] = await sheetRows(await alarmXlsx(records, 0, locale), 0);
    const [level, type, state] = (['level', 'type', 'state'] as const).map((k) =>
      alarmRecordSheetColumns.indexOf(k),
    ) as [number, number, number];
    expect(rows.slice(0, levels.length).map((r) => r[level])).toEqual(levels.map((l) => names.alarmLevel[l]));
    expect(rows.slice(levels.length, levels.length + alarmTypeFlags.length).map((r) => r[type])).toEqual(
      alarmTypeFlags.map((t) => names.alarmType[t]),
    );
    expect(rows.slice(-states.length).map((r) => r[state])).toEqual(states.map((s) => names.alarmState[s]));
  });

  it('import messages name a data type as everywhere else (BOOL, UINT16…, in every language)', () => {
    const check = validateAlarmValue('70000', TagDataType.UINT16);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(translate(locale, check.key, check.params)).toContain('UINT16');
    for (const note of Object.values(ruleSheetTexts[locale].columns).map((c) => c.note))
      expect(note).not.toMatch(/\bBool\b/);
  });
});
