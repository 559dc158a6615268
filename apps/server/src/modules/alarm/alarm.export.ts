import {
  alarmRecordSheetColumns,
  resolveLocale,
  sheetTexts,
  termName,
  terms,
  type AlarmRecord,
  type AlarmRecordSheetColumn,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { safeRow } from '../../lib/spreadsheet-safe.ts';
import { tzLabel } from '../../lib/time-zone.ts';

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const TIME_COLUMNS = new Set<AlarmRecordSheetColumn>(['raised_at', 'acked_at', 'recovered_at']);

/** Widths of the columns (their order is alarmRecordSheetColumns). */
const WIDTHS: Readonly<Record<AlarmRecordSheetColumn, number>> = {
  raised_at: 22,
  device: 20,
  name: 20,
  group: 16,
  level: 10,
  type: 14,
  tag: 16,
  state: 12,
  content: 40,
  value: 16,
  last_value: 16,
  times: 8,
  acked_at: 22,
  acked_by: 16,
  recovered_at: 22,
};

/**
 * xlsx of alarm records (POST AskAlarms): headers in the caller's language, levels, types and
 * states named as the console names them (domain `terms`); times as date-times in the caller's
 * offset `tz` (hours), named in the time headers; values as text, so 64-bit values stay exact. Names and contents come from users: text a
 * spreadsheet would take for a formula is defused (safeRow).
 */
export async function alarmXlsx(records: readonly AlarmRecord[], tz: number, lang: string): Promise<Buffer> {
  const locale = resolveLocale(lang);
  const t = sheetTexts[locale].records;
  const names = terms[locale];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.columns = alarmRecordSheetColumns.map((key) => ({
    key,
    width: WIDTHS[key],
    header: TIME_COLUMNS.has(key) ? `${t.columns[key]} (${tzLabel(tz)})` : t.columns[key],
    ...(TIME_COLUMNS.has(key) ? { style: { numFmt: TIME_FORMAT } } : {}),
  }));
  // exceljs writes a Date as its UTC wall time: shift it so Excel shows the caller's local time.
  const local = (ts: number | null) => (ts === null ? null : new Date(ts + tz * 3600_000));
  for (const r of records) {
    sheet.addRow(
      safeRow({
        raised_at: local(r.raised_at),
        device: r.device_name,
        name: r.rule_name,
        group: r.group_name ?? '',
        level: termName(names, 'alarmLevel', r.level),
        type: termName(names, 'alarmType', r.type),
        tag: r.tag_name,
        state: termName(names, 'alarmState', r.state),
        content: r.content,
        value: r.value,
        last_value: r.last_value,
        times: r.times,
        acked_at: local(r.acked_at),
        acked_by: r.acked_by ?? '',
        recovered_at: local(r.recovered_at),
      }),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
