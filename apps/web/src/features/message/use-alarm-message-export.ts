import { useState } from 'react';
import dayjs from 'dayjs';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { alarmApi } from '../alarm/index.ts';
import { timezoneOffsetHours, save } from '../history/index.ts';
import { toExportBody, type MessageListParams } from './message-params.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The alarm message list as xlsx through AskAlarms (SPEC section 7): the current filters and
 * the browser's offset from UTC in hours, so the file's times read as on screen. `failure` is
 * the translated reason of the last failed export, shown beside the button.
 */
export function useAlarmMessageExport() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const run = async (params: MessageListParams, fileStem: string) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const bytes = await alarmApi.exportRecords(toExportBody(params, timezoneOffsetHours()));
      save(bytes, XLSX, `${fileStem}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
      return true;
    } catch (err) {
      setFailure(failureText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, failure, clearFailure: () => setFailure(undefined) };
}
