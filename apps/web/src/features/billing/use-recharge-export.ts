import { useState } from 'react';
import dayjs from 'dayjs';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { save, timezoneOffsetHours } from '../history/index.ts';
import { billingApi } from './billing.api.ts';
import { toRechargeExport, type RechargeFilters } from './recharge-filters.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The recharge records as xlsx with the list's filters and the browser's offset from UTC in
 * hours (the file's times read as on screen); a failure is toasted translated.
 */
export function useRechargeExport() {
  const [busy, setBusy] = useState(false);
  const run = async (filters: RechargeFilters, fileStem: string) => {
    setBusy(true);
    try {
      const bytes = await billingApi.exportRecords(toRechargeExport(filters, timezoneOffsetHours()));
      save(bytes, XLSX, `${fileStem}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
    } catch (e) {
      toastFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
