import { AlarmLimits, ErrorCode, resolveLocale, type Locale } from '@hmi/domain';
import type ExcelJS from 'exceljs';
import { undefuseText } from '../../lib/spreadsheet-safe.ts';
import type { ZipLimits } from '../../lib/xlsx-guard.ts';
import { cellText, openUploadedWorkbook, WorkbookRefused } from '../../lib/xlsx-upload.ts';
import { AlarmFileTooLarge, fileInvalid } from './alarm-rule.errors.ts';
import { columnOfHeader } from './alarm-sheet.columns.ts';
import { requiredColumns, ruleSheetTexts, type ColumnKey } from './alarm-sheet.texts.ts';

/**
 * Limits of an import archive. A real rule sheet (300 rows of 10 columns, long Chinese texts)
 * unpacks to well under 3 MB. exceljs reads text at about 10 MB a second, so 8 MB keeps the
 * worst accepted file (one huge cell) under a second; XmlCaps bound the rest of its work.
 */
export const importZipLimits: ZipLimits = {
  maxEntries: 300,
  maxTotalBytes: 8 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 256 * 1024,
};
/** The size limit as a message shows it. */
export const IMPORT_SIZE_TEXT = `${AlarmLimits.maxImportBytes / 1024 / 1024} MB`;
/** One data row of the sheet: its 1-based row number and the trimmed text of each known column. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ColumnKey, string>>;
}

/** A refusal of the shared workbook reader in the alarm import's words (1090 for too many rows). */
function alarmRefusal(err: unknown): unknown {
  if (!(err instanceof WorkbookRefused)) return err;
  switch (err.fault) {
    case 'fileType':
      return fileInvalid('validation.importFile.type', err.params);
    case 'tooLarge':
      return new AlarmFileTooLarge(IMPORT_SIZE_TEXT);
    case 'tooManyRows':
      return fileInvalid('validation.alarmImport.tooManyRows', err.params, ErrorCode.E1090_ALARM_RULE_LIMIT);
    default:
      return fileInvalid(`validation.alarmImport.${err.fault}`, err.params);
  }
}

/**
 * Reads the first worksheet of an uploaded alarm rule workbook. The shared guarded reader
 * (lib/xlsx-upload.ts) checks the name (.xls/.xlsx), the size, the content by its magic bytes (a
 * legacy binary .xls is refused with its own message), the zip (bombs, damage) and the volume of
 * the XML; then the sheet: the first non-empty row is the header, recognised in any language; the
 * required columns must be there; empty rows are skipped; at most AlarmLimits.importRows data
 * rows (1090). Every refusal is an AlarmInputError with a `validation.alarmImport.*` key; `lang`
 * only words the column names quoted in a message.
 */
export async function readAlarmSheet(bytes: Buffer, fileName: string, lang?: string): Promise<SheetRow[]> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await openUploadedWorkbook(bytes, fileName, {
      maxBytes: AlarmLimits.maxImportBytes,
      zip: importZipLimits,
      maxRows: AlarmLimits.importRows,
    });
  } catch (err) {
    throw alarmRefusal(err);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileInvalid('validation.alarmImport.noSheet');
  return sheetRows(sheet, resolveLocale(lang));
}

/** The header and data rows of a loaded sheet. */
function sheetRows(sheet: ExcelJS.Worksheet, locale: Locale): SheetRow[] {
  let columns: Map<number, ColumnKey> | undefined;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const texts: [number, string][] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      // The export quotes text that starts like a formula (defuseText): take that quote off so
      // that an exported sheet imports back unchanged.
      const text = undefuseText(cellText(cell.value));
      if (text) texts.push([col, text]);
    });
    if (texts.length === 0) return;
    if (!columns) {
      columns = new Map();
      const seen = new Set<ColumnKey>();
      for (const [col, text] of texts) {
        const key = columnOfHeader(text);
        if (key && !seen.has(key)) {
          seen.add(key);
          columns.set(col, key);
        }
      }
      const missing = requiredColumns.filter((k) => !seen.has(k));
      if (missing.length > 0) {
        const names = missing.map((k) => ruleSheetTexts[locale].columns[k].header);
        throw fileInvalid('validation.alarmImport.missingColumns', { columns: names.join(', ') });
      }
      return;
    }
    const cells: SheetRow['cells'] = {};
    for (const [col, text] of texts) {
      const key = columns.get(col);
      if (key) cells[key] = text;
    }
    if (Object.keys(cells).length === 0) return;
    if (rows.length >= AlarmLimits.importRows)
      throw fileInvalid(
        'validation.alarmImport.tooManyRows',
        { max: AlarmLimits.importRows },
        ErrorCode.E1090_ALARM_RULE_LIMIT,
      );
    rows.push({ row: rowNumber, cells });
  });
  if (!columns || rows.length === 0) throw fileInvalid('validation.alarmImport.empty');
  return rows;
}
