import {
  AlarmLevel,
  AlarmType,
  alarmRuleSheetColumns,
  alarmTypesOf,
  fillText,
  locales,
  sheetTexts,
  TagDataType,
  tagDataTypeName,
  terms,
  type AlarmCategory,
  type AlarmRuleSheetColumn,
  type Locale,
} from '@hmi/domain';

/** The columns of an alarm rule sheet, in export order. Their keys are also accepted as headers. */
export const columnKeys = alarmRuleSheetColumns;
export type ColumnKey = AlarmRuleSheetColumn;
export const requiredColumns: readonly ColumnKey[] = ['name', 'level', 'tag', 'type'];

interface ColumnText {
  header: string;
  /** The cell note (comment) of the header in the import template. */
  note: string;
}

/** The rule sheet of one language as the writer and the reader use it. */
export interface RuleSheetTexts {
  columns: Readonly<Record<ColumnKey, ColumnText>>;
  /** The console's names (domain `terms`): a sheet writes what the user reads on screen. */
  levels: Readonly<Record<AlarmLevel, string>>;
  types: Readonly<Record<AlarmType, string>>;
  rulesSheet: string;
  codesSheet: string;
  /** Header of the codes sheet: kind, code, name. */
  codesHeader: readonly [string, string, string];
  levelKind: string;
  typeKind: string;
}

/**
 * The catalogue's sheet texts with the notes' placeholders filled: the notes list level and type
 * names, and take them from `terms` like the cells do, so a note never names a level otherwise.
 */
function ruleSheetOf(locale: Locale): RuleSheetTexts {
  const t = sheetTexts[locale];
  const names = terms[locale];
  const list = (xs: readonly (string | number)[]) => xs.join(t.listSeparator);
  const typeNames = (category: AlarmCategory) =>
    list(alarmTypesOf(category).map((ty) => names.alarmType[ty]));
  const levels = Object.values(AlarmLevel);
  const params = {
    levels: list(levels.map((l) => names.alarmLevel[l])),
    levelCodes: list(levels),
    limitTypes: typeNames('limit'),
    deviationTypes: typeNames('deviation'),
    onOffTypes: typeNames('onoff'),
    on: names.alarmType[AlarmType.On],
    off: names.alarmType[AlarmType.Off],
    large: names.alarmType[AlarmType.LargeDeviation],
    small: names.alarmType[AlarmType.SmallDeviation],
    bool: tagDataTypeName(TagDataType.BOOL)!,
    codesSheet: t.rules.codesSheet,
  };
  const columns = Object.fromEntries(
    columnKeys.map((key) => {
      const { header, note } = t.rules.columns[key];
      return [key, { header, note: fillText(note, params) }];
    }),
  ) as Record<ColumnKey, ColumnText>;
  const { kind, code, name } = t.rules.codesHeader;
  return {
    columns,
    levels: names.alarmLevel,
    types: names.alarmType,
    rulesSheet: t.rules.sheet,
    codesSheet: t.rules.codesSheet,
    codesHeader: [kind, code, name],
    levelKind: t.rules.levelKind,
    typeKind: t.rules.typeKind,
  };
}

/** Headers, notes, level and type names of the alarm rule sheets in each interface language. */
export const ruleSheetTexts: Readonly<Record<Locale, RuleSheetTexts>> = Object.fromEntries(
  locales.map((l) => [l, ruleSheetOf(l)]),
) as Record<Locale, RuleSheetTexts>;
