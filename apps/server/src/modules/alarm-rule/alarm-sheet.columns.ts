import {
  AlarmLevel,
  alarmTypeFlags,
  locales,
  retiredAlarmLevelNames,
  retiredAlarmTypeNames,
  type AlarmType,
} from '@hmi/domain';
import { normaliseLabel } from '../../lib/xlsx-upload.ts';
import { columnKeys, ruleSheetTexts, type ColumnKey } from './alarm-sheet.texts.ts';

/*
 * How a sheet's texts are recognised on import, whatever language wrote them: headers by their
 * text in any interface language or their stable English key, levels and types by their name in
 * any language, a name older exports wrote (retired names) or their numeric code. Case,
 * character width, spaces and `*` (a required mark) do not matter (normaliseLabel, shared with
 * the recipe import).
 */

/** Builds a lookup and refuses (at start-up) a label that would mean two different things. */
function index<T>(pairs: Iterable<readonly [string, T]>): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const [label, value] of pairs) {
    const key = normaliseLabel(label);
    const known = map.get(key);
    if (known !== undefined && known !== value) throw new Error(`ambiguous sheet label "${label}"`);
    map.set(key, value);
  }
  return map;
}

const levels = Object.values(AlarmLevel);
/** Each code with its retired names, as pairs. */
const retired = <T extends number>(names: Readonly<Partial<Record<T, readonly string[]>>>) =>
  Object.entries<readonly string[] | undefined>(names).flatMap(([code, list]) =>
    (list ?? []).map((name) => [name, Number(code) as T] as const),
  );

const headerIndex = index<ColumnKey>([
  ...columnKeys.map((k) => [k, k] as const),
  ...locales.flatMap((l) => columnKeys.map((k) => [ruleSheetTexts[l].columns[k].header, k] as const)),
]);
const levelIndex = index<AlarmLevel>([
  ...levels.map((v) => [String(v), v] as const),
  ...locales.flatMap((l) => levels.map((v) => [ruleSheetTexts[l].levels[v], v] as const)),
  ...retired<AlarmLevel>(retiredAlarmLevelNames),
]);
const typeIndex = index<AlarmType>([
  ...alarmTypeFlags.map((v) => [String(v), v] as const),
  ...locales.flatMap((l) => alarmTypeFlags.map((v) => [ruleSheetTexts[l].types[v], v] as const)),
  ...retired<AlarmType>(retiredAlarmTypeNames),
]);

/** The column a header cell names, or undefined for a column the importer ignores. */
export const columnOfHeader = (text: string): ColumnKey | undefined => headerIndex.get(normaliseLabel(text));
/** The level a cell names (by name in any language, a retired name, or by code 1, 2, 4, 8, 16). */
export const levelOfLabel = (text: string): AlarmLevel | undefined => levelIndex.get(normaliseLabel(text));
/** The alarm type a cell names (by name in any language, a retired name, or by flag). */
export const typeOfLabel = (text: string): AlarmType | undefined => typeIndex.get(normaliseLabel(text));
