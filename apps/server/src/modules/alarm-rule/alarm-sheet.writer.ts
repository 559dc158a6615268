import {
  AlarmLevel,
  alarmCategoryOf,
  alarmTypeFlags,
  resolveLocale,
  type AlarmType,
  type Locale,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { safeRow } from '../../lib/spreadsheet-safe.ts';
import type { AlarmRuleView } from './alarm-rule.repo.ts';
import { columnKeys, ruleSheetTexts, type ColumnKey } from './alarm-sheet.texts.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A number cell when the text reads back as exactly the same text, else a text cell: "12.5"
 * stays a number Excel can sum, "1.50" and a 20-digit UINT64 limit stay exact text.
 */
const numberCell = (text: string | null): string | number => {
  if (text === null || text === '') return '';
  const n = Number(text);
  return Number.isFinite(n) && String(n) === text ? n : text;
};

/** The rules sheet with its header row (notes on each header) and the codes sheet. */
function workbookFor(locale: Locale): { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet } {
  const t = ruleSheetTexts[locale];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.rulesSheet);
  sheet.columns = columnKeys.map((key) => ({
    header: t.columns[key].header,
    key,
    width: key === 'content' ? 48 : key === 'name' ? 24 : 16,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columnKeys.forEach((key, i) => {
    header.getCell(i + 1).note = t.columns[key].note;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const codes = workbook.addWorksheet(t.codesSheet);
  codes.columns = t.codesHeader.map((h, i) => ({ header: h, width: i === 2 ? 24 : 14 }));
  codes.getRow(1).font = { bold: true };
  // Only our own texts here, but every row of every export goes through safeRow: no exception to audit.
  for (const level of Object.values(AlarmLevel)) codes.addRow(safeRow([t.levelKind, level, t.levels[level]]));
  for (const type of alarmTypeFlags) codes.addRow(safeRow([t.typeKind, type, t.types[type]]));
  return { workbook, sheet };
}

/**
 * One rule as a sheet row in a language; exactly what the importer reads back into the same rule.
 * Text a spreadsheet would take for a formula (a name or content starting with `=`) is defused
 * with a leading quote, which the reader takes off again (undefuseText).
 */
export function ruleRow(r: AlarmRuleView, locale: Locale): Record<ColumnKey, string | number> {
  const t = ruleSheetTexts[locale];
  return safeRow({
    name: r.name,
    group: r.group_name ?? '',
    level: t.levels[r.level as AlarmLevel] ?? r.level,
    tag: r.tag_name ?? '',
    type: t.types[r.type as AlarmType] ?? r.type,
    // A deviation alarm has no value of its own (stored as 0).
    value: alarmCategoryOf(r.type) === 'deviation' ? '' : numberCell(r.value),
    target: numberCell(r.target),
    deviation: numberCell(r.deviation),
    deadband: numberCell(r.deadband),
    content: r.content,
  });
}

/** xlsx of a template's rules, headers and names in `lang`; imports back unchanged. */
export async function rulesWorkbook(
  rules: readonly AlarmRuleView[],
  lang: string | null | undefined,
): Promise<Buffer> {
  const locale = resolveLocale(lang);
  const { workbook, sheet } = workbookFor(locale);
  for (const r of rules) sheet.addRow(ruleRow(r, locale));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The empty import template: the header row with a note on each column, and the codes sheet. */
export async function importTemplateWorkbook(lang: string | null | undefined): Promise<Buffer> {
  const { workbook } = workbookFor(resolveLocale(lang));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
