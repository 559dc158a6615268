import { useState } from 'react';
import { isApiError, isCancelled, type ApiError } from '../../shared/http/http-errors.ts';
import { historyApi, type ExportFormat, type HistoryScope } from './history.api.ts';
import { timezoneOffsetHours } from './history-range.ts';

const mime: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** Saves bytes as a file through a temporary object URL. */
export function save(bytes: ArrayBuffer, type: string, name: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export of a range as xlsx or CSV with the user's UTC offset in hours, through the HTTP client
 * (the token travels in the header). `failure` is the last error, shown on the screen.
 */
export function useHistoryExport() {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const run = async (scope: HistoryScope, format: ExportFormat, fileStem: string) => {
    setBusy(format);
    setFailure(null);
    try {
      const bytes = await historyApi.export(scope, format, timezoneOffsetHours());
      save(bytes, mime[format], `${fileStem}.${format}`);
      return true;
    } catch (err) {
      if (isApiError(err)) setFailure(err);
      else if (!isCancelled(err)) throw err;
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { run, busy, failure, clearFailure: () => setFailure(null) };
}
