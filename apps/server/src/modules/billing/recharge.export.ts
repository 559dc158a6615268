import { rechargeSheetColumns, resolveLocale, sheetTexts, type RechargeRecordItem } from '@hmi/domain';
import ExcelJS from 'exceljs';
import { safeRow } from '../../lib/spreadsheet-safe.ts';
import { tzLabel } from '../../lib/time-zone.ts';

const WIDTHS = { created_at: 22, kind: 16, type: 20, card: 16, device: 10, user: 20, detail: 50 } as const;

/**
 * xlsx of recharge records: headers, kinds and card types in the caller's language (domain
 * `sheets`), times in the caller's offset `tz` (hours), named in the header; the details as
 * `key: value` text. User names are defused like every export (safeRow).
 */
export async function rechargeXlsx(
  records: readonly RechargeRecordItem[],
  tz: number,
  lang: string,
): Promise<Buffer> {
  const t = sheetTexts[resolveLocale(lang)].recharge;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.columns = rechargeSheetColumns.map((key) => ({
    key,
    width: WIDTHS[key],
    header: key === 'created_at' ? `${t.columns[key]} (${tzLabel(tz)})` : t.columns[key],
    ...(key === 'created_at' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  for (const r of records) {
    sheet.addRow(
      safeRow({
        // exceljs writes a Date as its UTC wall time: shift it to the caller's local time.
        created_at: new Date(r.created_at + tz * 3600_000),
        kind: r.kind === 'allocation' && r.type === 'ra' ? t.kinds.raAllocation : t.kinds[r.kind],
        type: t.types[r.type],
        card: r.card_number,
        device: r.device_name ?? r.device_id ?? '',
        user: r.user_name ?? '',
        detail: Object.entries(r.detail)
          .filter(([, v]) => v !== null)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(', '),
      }),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
