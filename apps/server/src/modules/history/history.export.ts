import { Readable } from 'node:stream';
import { ErrorCode, HistoryLimits } from '@hmi/domain';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';
import { csvField, safeRow } from '../../lib/spreadsheet-safe.ts';
import { tzLabel } from '../../lib/time-zone.ts';
import { decodeStoredValue } from '../history-store/index.ts';
import type { CheckedRange, HistoryService } from './history.service.ts';

/** `YYYY-MM-DD HH:mm:ss.SSS` of a time shifted by `tz` hours (the user's offset). */
export function localTime(ts: number, tz: number): string {
  return new Date(ts + tz * 3600_000).toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * CSV of a range, streamed row by row (no row limit; memory stays at a chunk per tag). Starts
 * with a UTF-8 BOM so spreadsheet programs read the tag names right. Tag names and STRING values
 * come from users and devices: text that a spreadsheet would take for a formula is defused
 * (csvField).
 */
export function csvStream(
  history: HistoryService,
  r: CheckedRange,
  tz: number,
  names: Map<number, string>,
): Readable {
  async function* lines() {
    yield `\ufefftime (${tzLabel(tz)}),tag,tag_id,value\r\n`;
    if (!r.any) return;
    let chunk = '';
    for await (const row of history.rows(r)) {
      chunk += `${localTime(row.ts, tz)},${csvField(names.get(row.tag_id) ?? `tag ${row.tag_id}`)},${row.tag_id},${csvField(decodeStoredValue(row.num, row.txt))}\r\n`;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines());
}

/**
 * xlsx of a range: at most HistoryLimits.xlsxRowsMax rows (else 1035); times as local date-times;
 * numbers stay number cells, text is defused (safeRow).
 */
export async function xlsxBuffer(
  history: HistoryService,
  r: CheckedRange,
  tz: number,
  names: Map<number, string>,
): Promise<Buffer> {
  const max = HistoryLimits.xlsxRowsMax;
  if ((await history.count(r, max + 1)) > max)
    throw new AppError(ErrorCode.E1035_HISTORY_QUERY_LIMIT, { limit: 'export', max });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('history');
  sheet.columns = [
    { header: `time (${tzLabel(tz)})`, key: 'time', width: 24, style: { numFmt: 'yyyy-mm-dd hh:mm:ss.000' } },
    { header: 'tag', key: 'tag', width: 24 },
    { header: 'tag_id', key: 'tag_id', width: 10 },
    { header: 'value', key: 'value', width: 20 },
  ];
  if (r.any) {
    for await (const row of history.rows(r)) {
      sheet.addRow(
        safeRow({
          // exceljs writes a Date as its UTC wall time: shift it so Excel shows the user's local time.
          time: new Date(row.ts + tz * 3600_000),
          tag: names.get(row.tag_id) ?? `tag ${row.tag_id}`,
          tag_id: row.tag_id,
          value: decodeStoredValue(row.num, row.txt),
        }),
      );
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
