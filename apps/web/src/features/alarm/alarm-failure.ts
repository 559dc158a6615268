import { ErrorCode, type AlarmFieldError, type AlarmImportErrors } from '@hmi/domain';
import { isApiError, isCancelled } from '../../shared/http/http-errors.ts';
import { placeFailure, type FailureText } from '../../shared/feedback/place-failure.ts';

/** A failed alarm call sorted for the form: texts under named fields, the rest above the buttons. */
export interface AlarmFailure {
  fields: { field: string; text: string }[];
  general?: string;
}

export interface AlarmFailureText extends FailureText {
  /** Text of an alarm field error's key: a `validation.*` key, an `alarm:` key, or an error code. */
  issue(key: string, params?: Readonly<Record<string, string | number>>): string;
}

const isFieldError = (v: unknown): v is AlarmFieldError =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as AlarmFieldError).field === 'string' &&
  typeof (v as AlarmFieldError).key === 'string';

/** The field errors a 1006 reply of add/edit carries (`data.errors`, or the list itself). */
export function fieldErrorsOf(data: unknown): AlarmFieldError[] {
  const list = Array.isArray(data) ? data : (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(list) ? list.filter(isFieldError) : [];
}

/** The bad rows of a refused import (1006 `data.rows`), or undefined when the reply has none. */
export function importRowsOf(data: unknown): AlarmImportErrors['rows'] | undefined {
  const rows = (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return undefined;
  const valid = rows.filter(
    (r): r is AlarmImportErrors['rows'][number] =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as { row?: unknown }).row === 'number' &&
      Array.isArray((r as { errors?: unknown }).errors),
  );
  return valid.map((r) => ({ row: r.row, errors: r.errors.filter(isFieldError) }));
}

/**
 * Sorts a manual alarm call's failure: every 1006 field error of a known field under it, the
 * codes of `fieldOf` under their field (1088 under the name, 1085 under the group name), any
 * other failure (1090 included) as one general text. Cancelled calls give nothing.
 */
export function sortAlarmFailure(
  e: unknown,
  known: readonly string[],
  fieldOf: Readonly<Record<number, string>>,
  text: AlarmFailureText,
): AlarmFailure | undefined {
  if (isCancelled(e)) return undefined;
  if (isApiError(e) && e.code === ErrorCode.E1006_BAD_PARAMETER) {
    const errors = fieldErrorsOf(e.data);
    if (errors.length > 0) {
      const fields = errors
        .filter((fe) => known.includes(fe.field))
        .map((fe) => ({ field: fe.field, text: text.issue(fe.key, fe.params) }));
      const elsewhere = errors.find((fe) => !known.includes(fe.field));
      return {
        fields,
        ...(elsewhere ? { general: text.issue(elsewhere.key, elsewhere.params) } : {}),
      };
    }
  }
  const placed = placeFailure(e, fieldOf, text);
  if (!placed) return undefined;
  return placed.field && known.includes(placed.field)
    ? { fields: [{ field: placed.field, text: placed.text }] }
    : { fields: [], general: placed.text };
}
