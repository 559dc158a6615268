import { AlarmLimits, ErrorCode, resolveLocale, validateImportFileName, type Locale } from '@hmi/domain';
import ExcelJS from 'exceljs';
import { undefuseText } from '../../lib/spreadsheet-safe.ts';
import { AlarmFileTooLarge, fileInvalid } from './alarm-rule.errors.ts';
import { columnOfHeader } from './alarm-sheet.columns.ts';
import { requiredColumns, ruleSheetTexts, type ColumnKey } from './alarm-sheet.texts.ts';
import { inspectZip, sniffSpreadsheet, storedZip, ZipRejected, type ZipLimits } from './xlsx-guard.ts';
import { checkVolume } from './xlsx-volume.ts';

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
 * The parts exceljs needs to read cell values (styles too: it resolves row and cell styles), and
 * nothing else: comments, drawings, media, tables, themes and the rest stay out, so none of their
 * parsers runs on untrusted input.
 */
const KEPT_PART =
  /^(?:_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml)$/;

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
async function loadWorkbook(parts: ReadonlyMap<string, Buffer>): Promise<ExcelJS.Workbook> {
  const zip = storedZip(
    [...parts].map(
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
 * its own message: exceljs reads OOXML only), the zip (bombs, damage), the volume of the XML, then
 * the sheet: the first non-empty row is the header, recognised in any language; the required
 * columns must be there; empty rows are skipped; at most AlarmLimits.importRows data rows (1090).
 * Every refusal is an AlarmInputError with a `validation.alarmImport.*` key; `lang` only words
 * the column names quoted in a message.
 */
export async function readAlarmSheet(bytes: Buffer, fileName: string, lang?: string): Promise<SheetRow[]> {
  const name = validateImportFileName(fileName);
  if (!name.ok) throw fileInvalid(name.key, name.params);
  if (bytes.length > AlarmLimits.maxImportBytes) throw new AlarmFileTooLarge(IMPORT_SIZE_TEXT);
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
  const parts = new Map([...files].filter(([name]) => KEPT_PART.test(name)));
  checkVolume(parts);

  const sheet = (await loadWorkbook(parts)).worksheets[0];
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
