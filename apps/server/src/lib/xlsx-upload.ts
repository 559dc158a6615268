import { validateImportFileName } from '@hmi/domain';
import ExcelJS from 'exceljs';
import { inspectZip, sniffSpreadsheet, storedZip, ZipRejected, type ZipLimits } from './xlsx-guard.ts';
import { WorkbookRefused } from './xlsx-refusal.ts';
import { checkVolume } from './xlsx-volume.ts';

export { WorkbookRefused, type WorkbookFault } from './xlsx-refusal.ts';

/**
 * The one guarded reader of uploaded workbooks (the alarm rule and recipe imports). exceljs is a
 * large parser of untrusted XML inside a zip: nothing reaches it before our own checks, and then
 * only the parts that hold cell values. Each importer reads the rows of the workbook it gets and
 * words a refusal (WorkbookRefused) in its own keys.
 */

export interface UploadLimits {
  /** Largest file accepted. */
  maxBytes: number;
  /** Limits of the archive (entries, inflated size, ratio). */
  zip: ZipLimits;
  /** Most data rows a sheet may hold (a larger sheet that is also too large to read is 'tooManyRows'). */
  maxRows: number;
}

/**
 * The text of a cell however exceljs holds it (rich text, formula result, hyperlink, boolean...),
 * trimmed unless `trim` is false (a STRING tag value is kept as typed).
 */
export function cellText(value: unknown, trim = true): string {
  const out = (s: string) => (trim ? s.trim() : s);
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return out(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText))
      return out(
        v.richText
          .map((r) =>
            typeof (r as { text?: unknown }).text === 'string' ? (r as { text: string }).text : '',
          )
          .join(''),
      );
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result, trim);
    if ('text' in v) return cellText(v.text, trim);
  }
  return '';
}

/** Whether exceljs read the cell as a formula (its cached result is whatever the file claims). */
export const isFormulaCell = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);

/**
 * How a sheet's header texts are compared, whatever language wrote them: case, character width,
 * spaces and `*` (a required mark) do not matter.
 */
export const normaliseLabel = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s*]+/g, '');

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
    throw new WorkbookRefused('unreadable');
  }
  return workbook;
}

/**
 * Opens an uploaded workbook. Checks, in order: the name (.xls/.xlsx: 'fileType' with the
 * validator's params), the size ('tooLarge'), the content by its magic bytes (a legacy binary
 * .xls is 'legacyXls': exceljs reads OOXML only; anything else 'notWorkbook'), the zip ('unsafe'
 * for bombs, 'unreadable' for damage), the volume of the XML (xlsx-volume.ts), then exceljs reads
 * the kept parts. Throws WorkbookRefused, or returns the workbook (possibly without a sheet).
 */
export async function openUploadedWorkbook(
  bytes: Buffer,
  fileName: string,
  limits: UploadLimits,
): Promise<ExcelJS.Workbook> {
  const name = validateImportFileName(fileName);
  if (!name.ok) throw new WorkbookRefused('fileType', name.params);
  if (bytes.length > limits.maxBytes) throw new WorkbookRefused('tooLarge');
  const kind = sniffSpreadsheet(bytes);
  if (kind === 'ole2') throw new WorkbookRefused('legacyXls');
  if (kind !== 'zip') throw new WorkbookRefused('notWorkbook');
  let files: Map<string, Buffer>;
  try {
    files = inspectZip(bytes, limits.zip);
  } catch (err) {
    if (err instanceof ZipRejected && err.reason === 'unsafe') throw new WorkbookRefused('unsafe');
    throw new WorkbookRefused('unreadable');
  }
  if (!files.has('xl/workbook.xml')) throw new WorkbookRefused('notWorkbook');
  const parts = new Map([...files].filter(([part]) => KEPT_PART.test(part)));
  checkVolume(parts, limits.maxRows);
  return loadWorkbook(parts);
}
