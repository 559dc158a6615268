import { AlarmLimits, ErrorCode, resolveLocale, validateImportFileName, type Locale } from '@hmi/domain';
import ExcelJS from 'exceljs';
import { fileInvalid } from './alarm-rule.errors.ts';
import { columnOfHeader } from './alarm-sheet.columns.ts';
import { requiredColumns, sheetTexts, type ColumnKey } from './alarm-sheet.texts.ts';
import { inspectZip, sniffSpreadsheet, storedZip, ZipRejected, type ZipLimits } from './xlsx-guard.ts';

/**
 * Limits of an import workbook before exceljs sees it. A real rule sheet (300 rows of 10
 * columns, long Chinese texts) unpacks to well under 3 MB; exceljs spends about 5 µs per cell,
 * so the cell cap keeps every accepted file far below a second of parsing.
 */
export const importZipLimits: ZipLimits = {
  maxEntries: 300,
  maxTotalBytes: 20 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 256 * 1024,
};
/** The size limit as a message shows it. */
export const IMPORT_SIZE_TEXT = `${AlarmLimits.maxImportBytes / 1024 / 1024} MB`;
/** Most cells (all worksheets together) and shared strings a workbook may hold. */
export const MAX_CELLS = 20_000;
export const MAX_SHARED_STRINGS = 20_000;

/** One data row of the sheet: its 1-based row number and the trimmed text of each known column. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ColumnKey, string>>;
}

const countMatches = (text: string, pattern: RegExp): number => {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
};

/**
 * Refuses a workbook whose sheets would take exceljs long to read: more than MAX_CELLS cells
 * (1090 when a sheet alone has more rows than an import may hold), or a huge shared string table.
 */
function checkVolume(files: Map<string, Buffer>): void {
  let cells = 0;
  let mostRows = 0;
  for (const [name, data] of files) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) continue;
    const xml = data.toString('utf8');
    cells += countMatches(xml, /<(?:\w+:)?c[\s>/]/g);
    mostRows = Math.max(mostRows, countMatches(xml, /<(?:\w+:)?row[\s>/]/g));
  }
  if (cells > MAX_CELLS) {
    if (mostRows > AlarmLimits.importRows + 1)
      throw fileInvalid(
        'validation.alarmImport.tooManyRows',
        { max: AlarmLimits.importRows },
        ErrorCode.E1090_ALARM_RULE_LIMIT,
      );
    throw fileInvalid('validation.alarmImport.tooManyCells', { max: MAX_CELLS });
  }
  const shared = files.get('xl/sharedStrings.xml');
  if (shared && countMatches(shared.toString('utf8'), /<(?:\w+:)?si[\s>/]/g) > MAX_SHARED_STRINGS)
    throw fileInvalid('validation.alarmImport.tooManyCells', { max: MAX_CELLS });
}

/** The text of a cell however exceljs holds it (rich text, formula result, hyperlink, boolean...). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => (typeof (r as { text?: unknown }).text === 'string' ? (r as { text: string }).text : ''))
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

/**
 * The parts exceljs needs to read cell values, and nothing else: comments, drawings, media,
 * tables, styles and the rest stay out, so none of their parsers runs on untrusted input.
 */
const KEPT_PART =
  /^(?:_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/worksheets\/sheet\d+\.xml)$/;

/**
 * Worksheet elements exceljs must not read: several expand a range cell by cell (merged cells,
 * data validations), so one `A1:XFD1048576` would hang the process. Only `sheetData` is read.
 */
const IGNORED_NODES = [
  'sheetPr',
  'dimension',
  'sheetViews',
  'sheetFormatPr',
  'cols',
  'autoFilter',
  'mergeCells',
  'rowBreaks',
  'hyperlinks',
  'pageMargins',
  'dataValidations',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'picture',
  'drawing',
  'sheetProtection',
  'tableParts',
  'conditionalFormatting',
  'extLst',
];

/** Defined names expand their ranges cell by cell in exceljs too: the workbook part goes without them. */
const withoutDefinedNames = (xml: Buffer): Buffer =>
  Buffer.from(
    xml
      .toString('utf8')
      .replace(/<((?:\w+:)?definedNames)\b[^>]*\/>/g, '')
      .replace(/<((?:\w+:)?definedNames)\b[\s\S]*?<\/\1\s*>/g, ''),
    'utf8',
  );

/** Loads the checked parts with exceljs; any failure of the library is "unreadable". */
async function loadWorkbook(files: Map<string, Buffer>): Promise<ExcelJS.Workbook> {
  const kept = [...files].filter(([name]) => KEPT_PART.test(name));
  const zip = storedZip(
    kept.map(
      ([name, data]) => [name, name === 'xl/workbook.xml' ? withoutDefinedNames(data) : data] as const,
    ),
  );
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs reads a Node Buffer; its typings ask for an ArrayBuffer.
    await workbook.xlsx.load(zip as unknown as ArrayBuffer, { ignoreNodes: IGNORED_NODES });
  } catch {
    throw fileInvalid('validation.alarmImport.unreadable');
  }
  return workbook;
}

/**
 * Reads the first worksheet of an uploaded alarm rule workbook. Checks, in order: the name
 * (.xls/.xlsx), the size, the content by its magic bytes (a legacy binary .xls is refused with
 * its own message: exceljs reads OOXML only), the zip (bombs, damage), the volume of cells, then
 * the sheet: the first non-empty row is the header, recognised in any language; the required
 * columns must be there; empty rows are skipped; at most AlarmLimits.importRows data rows (1090).
 * Every refusal is an AlarmInputError with a `validation.alarmImport.*` key; `lang` only words
 * the column names quoted in a message.
 */
export async function readAlarmSheet(bytes: Buffer, fileName: string, lang?: string): Promise<SheetRow[]> {
  const name = validateImportFileName(fileName);
  if (!name.ok) throw fileInvalid(name.key, name.params);
  if (bytes.length > AlarmLimits.maxImportBytes)
    throw fileInvalid('validation.alarmImport.tooLarge', { size: IMPORT_SIZE_TEXT });
  const kind = sniffSpreadsheet(bytes);
  if (kind === 'ole2') throw fileInvalid('validation.alarmImport.legacyXls');
  if (kind !== 'zip') throw fileInvalid('validation.alarmImport.notWorkbook');
  let files: Map<string, Buffer>;
  try {
    files = inspectZip(bytes, importZipLimits);
  } catch (err) {
    if (err instanceof ZipRejected && err.reason === 'unsafe')
      throw fileInvalid('validation.alarmImport.unsafe');
    throw fileInvalid('validation.alarmImport.unreadable');
  }
  if (!files.has('xl/workbook.xml')) throw fileInvalid('validation.alarmImport.notWorkbook');
  checkVolume(files);

  const sheet = (await loadWorkbook(files)).worksheets[0];
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
      const text = cellText(cell.value);
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
        const names = missing.map((k) => sheetTexts[locale].columns[k].header);
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
