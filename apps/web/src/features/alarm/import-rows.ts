import type { AlarmImportErrors } from '@hmi/domain';
import { fieldErrorsOf } from '../../shared/feedback/place-failure.ts';

/** The bad rows of a refused import (1006 `data.rows`), or undefined when the reply has none. */
export function importRowsOf(data: unknown): AlarmImportErrors['rows'] | undefined {
  const rows = (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return undefined;
  const valid = rows.filter(
    (r): r is { row: number; errors: unknown[] } =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as { row?: unknown }).row === 'number' &&
      Array.isArray((r as { errors?: unknown }).errors),
  );
  return valid.map((r) => ({ row: r.row, errors: fieldErrorsOf(r.errors) }));
}
