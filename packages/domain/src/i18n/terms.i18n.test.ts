import { describe, expect, it } from 'vitest';
import { messageKindSchema } from '../api/message.api.ts';
import { AlarmLevel, AlarmRecordState, alarmTypeFlags } from '../constants/alarm.constants.ts';
import { locales } from '../constants/locale.constants.ts';
import { OnlineState, SyncState } from '../constants/states.constants.ts';
import { retiredAlarmLevelNames, retiredAlarmTypeNames } from './retired-terms.i18n.ts';
import { termKey, termName, terms, termsOf, type TermFamily } from './terms.i18n.ts';

const HAN = /\p{Script=Han}/u;
const sorted = (xs: Iterable<string | number>) => [...xs].map(String).sort();

/** Every code each family must name: the domain's constants, not the catalogue's own keys. */
const codes: Record<TermFamily, readonly (number | string)[]> = {
  alarmLevel: Object.values(AlarmLevel),
  alarmType: alarmTypeFlags,
  alarmState: Object.values(AlarmRecordState),
  messageKind: messageKindSchema.options,
  onlineState: Object.values(OnlineState),
  syncState: Object.values(SyncState),
};
const families = Object.keys(codes) as TermFamily[];

describe('term catalogues', () => {
  it.each(locales)('%s names exactly the codes of every family, each once', (locale) => {
    expect(sorted(Object.keys(terms[locale]))).toEqual(sorted(families));
    for (const family of families) {
      const names: Record<string, string> = terms[locale][family];
      expect(sorted(Object.keys(names)), family).toEqual(sorted(codes[family]));
      for (const name of Object.values(names)) expect(name.trim(), family).toBe(name);
      // Two codes of one family with one name could not be told apart (filters, the rule importer).
      expect(new Set(Object.values(names)).size, family).toBe(Object.values(names).length);
    }
  });

  it.each(['zh-cn', 'zh-tw'] as const)('%s is Chinese and differs from en-us', (locale) => {
    for (const family of families)
      for (const code of codes[family]) {
        const name = termName(terms[locale], family, code);
        expect(HAN.test(name), `${family}.${code}`).toBe(true);
        expect(name).not.toBe(termName(terms['en-us'], family, code));
      }
  });

  it('names the levels as the console always did; level 8 is 重要 in Chinese, next to 次要', () => {
    expect(Object.values(terms['zh-cn'].alarmLevel)).toEqual(['提示', '次要', '一般', '重要', '紧急']);
    expect(Object.values(terms['zh-tw'].alarmLevel)).toEqual(['提示', '次要', '一般', '重要', '緊急']);
    expect(Object.values(terms['en-us'].alarmLevel)).toEqual([
      'Minor',
      'Mild',
      'Moderate',
      'Severe',
      'Critical',
    ]);
  });

  it('an unknown code is named by itself; languages resolve like the rest of the console', () => {
    expect(termName(terms['en-us'], 'alarmLevel', 3)).toBe('3');
    expect(termName(terms['en-us'], 'alarmLevel', 'toString')).toBe('toString');
    expect(termName(terms['zh-tw'], 'alarmState', 2)).toBe('已回應');
    expect(termsOf('zh-HK')).toBe(terms['zh-tw']);
    expect(termsOf(undefined)).toBe(terms['zh-cn']);
    expect(termKey('alarmType', 128)).toBe('terms:alarmType.128');
  });
});

describe('retired names', () => {
  const current = (family: 'alarmLevel' | 'alarmType') =>
    new Map(locales.flatMap((l) => Object.entries(terms[l][family]).map(([code, name]) => [name, code])));

  it.each([
    ['alarmLevel', retiredAlarmLevelNames],
    ['alarmType', retiredAlarmTypeNames],
  ] as const)('%s: an old name never names another code today', (family, retired) => {
    const now = current(family);
    for (const [code, names] of Object.entries(retired))
      for (const name of names ?? []) expect(now.get(name) ?? code, name).toBe(code);
  });
});
