import type { AlarmLevel, AlarmType } from '../constants/alarm.constants.ts';

/**
 * Names of levels and alarm types that earlier versions wrote into exported alarm rule sheets,
 * before one catalogue named them (the sheets said 轻微 / 较轻 / 中等 / 严重 where the console says
 * 提示 / 次要 / 一般 / 重要, and 高高限 where it says 上上限). Files exported then must still import:
 * the rule importer reads these as aliases. Nothing may show them again (web-terms.test.ts).
 * Only names that reached a file are here: mails said 轻微 for level 2, but mails are never
 * imported, and the sheets' 轻微 (level 1) is the one old files hold.
 */
export const retiredAlarmLevelNames: Readonly<Partial<Record<AlarmLevel, readonly string[]>>> = {
  1: ['轻微', '輕微'],
  2: ['较轻', '較輕'],
  4: ['中等'],
  8: ['严重', '嚴重'],
};

/** Alarm type names of the same old sheets (English ones were written without spaces). */
export const retiredAlarmTypeNames: Readonly<Partial<Record<AlarmType, readonly string[]>>> = {
  1: ['高高限', 'HighHigh'],
  2: ['高限'],
  4: ['低低限', 'LowLow'],
  8: ['低限'],
  16: ['LargeDeviation'],
  32: ['SmallDeviation'],
};
