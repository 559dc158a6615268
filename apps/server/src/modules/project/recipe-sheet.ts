import {
  ErrorCode,
  fillText,
  locales,
  RecipeLimits,
  recipeSheetColumns,
  resolveLocale,
  sheetTexts,
  validationMessages,
  type AlarmFieldError,
  type RecipeImportErrors,
  type RecipeSheetColumn,
  type ValidationParams,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';
import { safeRow, undefuseText } from '../../lib/spreadsheet-safe.ts';
import type { ZipLimits } from '../../lib/xlsx-guard.ts';
import {
  cellText,
  isFormulaCell,
  normaliseLabel,
  openUploadedWorkbook,
  WorkbookRefused,
} from '../../lib/xlsx-upload.ts';
import type { RecipeForExport } from './recipe.service.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell's value as the importer reads it (text of the value column kept as typed). */
export type SheetValue = string | number | boolean | undefined;

/** One data row of a recipe sheet: its 1-based row number and its cells. */
export interface RecipeSheetRow {
  row: number;
  recipe: string;
  description: string;
  device: string;
  tag: string;
  value: SheetValue;
}

const REQUIRED: readonly RecipeSheetColumn[] = ['recipe', 'device', 'tag', 'value'];

/** The archive a recipe sheet of 2,000 rows needs, with the alarm import's margins. */
const zipLimits: ZipLimits = {
  maxEntries: 300,
  maxTotalBytes: 8 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 256 * 1024,
};

/** Headers in every interface language and the column keys themselves. */
const headerIndex = new Map<string, RecipeSheetColumn>([
  ...recipeSheetColumns.map((k) => [k, k] as const),
  ...locales.flatMap((l) =>
    recipeSheetColumns.map((k) => [normaliseLabel(sheetTexts[l].recipes.columns[k]), k] as const),
  ),
]);

const english = (key: string, params: ValidationParams): string =>
  fillText(validationMessages['en-us'][key] ?? key, params);

/** One field error of an import (the alarm rule import's shape). */
export function sheetError(field: string, key: string, params: ValidationParams = {}): AlarmFieldError {
  return Object.keys(params).length > 0 ? { field, key, params } : { field, key };
}

/** 1006 for an import refused as a whole: `data.errors` names the fault (`data.rows` empty). */
export function recipeFileInvalid(key: string, params: ValidationParams = {}, field = 'file'): AppError {
  const data: RecipeImportErrors = { rows: [], errors: [sheetError(field, key, params)] };
  return new AppError(ErrorCode.E1006_BAD_PARAMETER, data, english(key, params));
}

/** 1006 for an import with bad rows, each with its sheet row number; nothing was imported. */
export function recipeRowsInvalid(rows: RecipeImportErrors['rows']): AppError {
  const params = { count: rows.length, row: rows[0]?.row ?? 0 };
  const data: RecipeImportErrors = {
    rows,
    errors: [sheetError('file', 'validation.recipeImport.badRows', params)],
  };
  return new AppError(
    ErrorCode.E1006_BAD_PARAMETER,
    data,
    english('validation.recipeImport.badRows', params),
  );
}

/** The file is over RecipeLimits.maxImportBytes: 1006 answered 413 (Payload Too Large). */
export class RecipeFileTooLarge extends AppError {
  override readonly statusCode = 413;
  constructor() {
    const params = { size: `${RecipeLimits.maxImportBytes / 1024 / 1024} MB` };
    const data: RecipeImportErrors = {
      rows: [],
      errors: [sheetError('file', 'validation.alarmImport.tooLarge', params)],
    };
    super(ErrorCode.E1006_BAD_PARAMETER, data, english('validation.alarmImport.tooLarge', params));
  }
}

/**
 * xlsx of a project's recipes, headers in `lang`: one row per item (a recipe without items: one
 * row without device, tag and value), the description on the recipe's first row. Every text cell
 * goes through safeRow (lib/spreadsheet-safe.ts): a STRING value `=1+2` is written as text behind
 * a quote, which the reader takes off again, so the sheet imports back unchanged.
 */
export async function recipesWorkbook(recipes: readonly RecipeForExport[], lang: string | null | undefined) {
  const t = sheetTexts[resolveLocale(lang)].recipes;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.columns = recipeSheetColumns.map((key) => ({
    header: t.columns[key],
    key,
    width: key === 'description' ? 36 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of recipes) {
    const rows = r.items.length > 0 ? r.items : [undefined];
    rows.forEach((item, i) =>
      sheet.addRow(
        safeRow({
          recipe: r.name,
          // Empty cells stay empty (null writes no cell).
          description: i === 0 && r.description ? r.description : null,
          device: item?.device ?? null,
          tag: item?.tag ?? null,
          // Booleans and numbers as such (Excel's TRUE/FALSE and numbers), text defused.
          value: item === undefined ? null : item.value,
        }),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The value column's cell: text as typed (no trimming) with a defusing quote taken off. */
function sheetValue(value: unknown): SheetValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = cellText(value, false);
  return text === '' ? undefined : undefuseText(text);
}

/** A refusal of the shared workbook reader in the recipe import's words. */
function recipeRefusal(err: unknown): unknown {
  if (!(err instanceof WorkbookRefused)) return err;
  switch (err.fault) {
    case 'fileType':
      return recipeFileInvalid('validation.importFile.type', err.params);
    case 'tooLarge':
      return new RecipeFileTooLarge();
    case 'tooManyRows':
    case 'tooManyCells':
      return recipeFileInvalid(`validation.recipeImport.${err.fault}`, err.params);
    default:
      return recipeFileInvalid(`validation.alarmImport.${err.fault}`, err.params);
  }
}

/** The header row's columns (first non-empty row), or the missing required columns' refusal. */
function headerOf(row: ExcelJS.Row, lang: string | undefined): Map<number, RecipeSheetColumn> {
  const columns = new Map<number, RecipeSheetColumn>();
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    const key = headerIndex.get(normaliseLabel(undefuseText(cellText(cell.value))));
    if (key && ![...columns.values()].includes(key)) columns.set(col, key);
  });
  const missing = REQUIRED.filter((k) => ![...columns.values()].includes(k));
  if (missing.length > 0) {
    const names = sheetTexts[resolveLocale(lang)].recipes.columns;
    throw recipeFileInvalid('validation.recipeImport.missingColumns', {
      columns: missing.map((k) => names[k]).join(', '),
    });
  }
  return columns;
}

/**
 * Reads the first worksheet of an uploaded recipe workbook through the shared guarded reader
 * (lib/xlsx-upload.ts: name, size, magic bytes, zip bombs, XML volume), then: the first non-empty
 * row is the header (any interface language, or the column keys); recipe, device, tag and value
 * must be there (another sheet, such as an alarm rule sheet, is refused here); a formula anywhere
 * is refused (its cached result is whatever the file claims, and a recipe writes to machines);
 * empty rows are skipped; at most RecipeLimits.importRows rows. Refusals are 1006 with
 * `validation.recipeImport.*` (or the alarm import's file keys, which name no rule).
 */
export async function readRecipeSheet(
  bytes: Buffer,
  fileName: string,
  lang?: string,
): Promise<RecipeSheetRow[]> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await openUploadedWorkbook(bytes, fileName, {
      maxBytes: RecipeLimits.maxImportBytes,
      zip: zipLimits,
      maxRows: RecipeLimits.importRows,
    });
  } catch (err) {
    throw recipeRefusal(err);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw recipeFileInvalid('validation.alarmImport.noSheet');
  let columns: Map<number, RecipeSheetColumn> | undefined;
  const rows: RecipeSheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: false }, (cell) => {
      if (isFormulaCell(cell.value))
        throw recipeFileInvalid('validation.recipeImport.formula', { cell: cell.address });
    });
    if (!columns) {
      columns = headerOf(row, lang);
      return;
    }
    const read: RecipeSheetRow = {
      row: rowNumber,
      recipe: '',
      description: '',
      device: '',
      tag: '',
      value: undefined,
    };
    for (const [col, key] of columns) {
      const value = row.getCell(col).value;
      if (key === 'value') read.value = sheetValue(value);
      else read[key] = undefuseText(cellText(value));
    }
    if (!read.recipe && !read.description && !read.device && !read.tag && read.value === undefined) return;
    if (rows.length >= RecipeLimits.importRows)
      throw recipeFileInvalid('validation.recipeImport.tooManyRows', { max: RecipeLimits.importRows });
    rows.push(read);
  });
  if (!columns || rows.length === 0) throw recipeFileInvalid('validation.recipeImport.empty');
  return rows;
}
