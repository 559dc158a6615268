import { WorkbookRefused } from './xlsx-refusal.ts';

/**
 * Caps on the XML a workbook hands to exceljs, so that reading any accepted file takes well
 * under a second (measured: exceljs spends about 5 µs per cell and 6 µs per element; nesting
 * makes it superlinear, hence the depth cap). A real alarm rule sheet of 300 rows and 10 columns
 * has about 3,000 cells and 15,000 elements, a recipe sheet of 2,000 items and 5 columns about
 * 10,000 cells; neither is deeper than 6.
 */
export const XmlCaps = {
  cells: 20_000,
  elements: 50_000,
  attributes: 100_000,
  depth: 32,
} as const;

export interface XmlVolume {
  elements: number;
  attributes: number;
  /** Deepest element nesting. */
  depth: number;
  /** A DOCTYPE or ENTITY declaration (never written by spreadsheet programs). */
  declarations: boolean;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const UPPER_D = 0x44;
const UPPER_E = 0x45;

/**
 * Counts elements, attributes and nesting of an XML part in one pass over its bytes, without
 * parsing it. Approximate on purpose (a `/>` in text counts as a close): it only has to bound
 * the parser's work, and over-counting is safe.
 */
export function measureXml(xml: Buffer): XmlVolume {
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  let deepest = 0;
  let declarations = false;
  for (let i = 0; i < xml.length; i++) {
    const b = xml[i];
    if (b === LT) {
      const next = xml[i + 1];
      if (next === SLASH) depth--;
      else if (next === BANG) declarations ||= xml[i + 2] === UPPER_D || xml[i + 2] === UPPER_E;
      else if (next !== QUESTION) {
        elements++;
        depth++;
        if (depth > deepest) deepest = depth;
      }
    } else if (b === SLASH && xml[i + 1] === GT) depth--;
    else if (b === EQUALS && (xml[i + 1] === QUOTE || xml[i + 1] === APOSTROPHE)) attributes++;
  }
  return { elements, attributes, depth: deepest, declarations };
}

const countMatches = (text: string, pattern: RegExp): number => {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
};

/**
 * Refuses parts that would take exceljs long to read or that no spreadsheet program writes:
 * DOCTYPE/ENTITY declarations or deep nesting ('unreadable'); more cells, elements or
 * attributes than XmlCaps ('tooManyCells', or 'tooManyRows' when a sheet alone has more rows
 * than `maxRows` data rows and a header).
 */
export function checkVolume(parts: ReadonlyMap<string, Buffer>, maxRows: number): void {
  let elements = 0;
  let attributes = 0;
  let cells = 0;
  let mostRows = 0;
  for (const [name, data] of parts) {
    const v = measureXml(data);
    if (v.declarations || v.depth > XmlCaps.depth) throw new WorkbookRefused('unreadable');
    elements += v.elements;
    attributes += v.attributes;
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const xml = data.toString('utf8');
      cells += countMatches(xml, /<(?:\w+:)?c[\s>/]/g);
      mostRows = Math.max(mostRows, countMatches(xml, /<(?:\w+:)?row[\s>/]/g));
    }
  }
  if (cells > XmlCaps.cells || elements > XmlCaps.elements || attributes > XmlCaps.attributes) {
    if (mostRows > maxRows + 1) throw new WorkbookRefused('tooManyRows', { max: maxRows });
    throw new WorkbookRefused('tooManyCells', { max: XmlCaps.cells });
  }
}
