import {
  ErrorCode,
  resolveLocale,
  validationMessages,
  type AlarmFieldError,
  type AlarmImportErrors,
  type ValidationParams,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';

/** Longest text of a cell quoted back in an error's params (a 30,000-character cell is cut). */
const PARAM_MAX = 64;

const clip = (v: string | number): string | number =>
  typeof v === 'string' && v.length > PARAM_MAX ? `${v.slice(0, PARAM_MAX)}…` : v;

/** One field error: the field (API field or sheet column), the i18n key of `validation.*`, its params. */
export function fieldError(field: string, key: string, params: ValidationParams = {}): AlarmFieldError {
  const clipped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, clip(v)]));
  return Object.keys(clipped).length > 0 ? { field, key, params: clipped } : { field, key };
}

/** A `validation.*` message in a locale, with i18next-style `{{param}}` interpolation. */
export function translate(
  lang: string | null | undefined,
  key: string,
  params: AlarmFieldError['params'],
): string {
  const text = validationMessages[resolveLocale(lang)][key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}

/**
 * Bad alarm input: the code of the spec (1006, or 1090 for too many rules) with the field errors
 * in `data`, the shapes of alarm.api.ts: `{ errors }` for a rule form, `{ rows }` for an import
 * (plus `errors` for a fault of the whole file). The client translates the errors' keys; `msg`
 * words the first one in English (for logs and API users), like every other route's `msg`.
 */
export class AlarmInputError extends AppError {
  constructor(
    code: number,
    data: { errors?: AlarmFieldError[]; rows?: AlarmImportErrors['rows']; max?: number },
    readonly first: AlarmFieldError,
  ) {
    super(code, data, translate('en-us', first.key, first.params));
  }
}

/** 1006 for a rule form: every field error of the body. */
export function fieldsInvalid(errors: AlarmFieldError[]): AlarmInputError {
  const first = errors[0] ?? fieldError('body', 'validation.required');
  return new AlarmInputError(ErrorCode.E1006_BAD_PARAMETER, { errors }, first);
}

/** An import refused as a whole (file type, damage, size, missing columns...): 1006 unless said. */
export function fileInvalid(
  key: string,
  params: ValidationParams = {},
  code: number = ErrorCode.E1006_BAD_PARAMETER,
  field = 'file',
): AlarmInputError {
  const error = fieldError(field, key, params);
  const max = typeof params.max === 'number' ? { max: params.max } : {};
  return new AlarmInputError(code, { rows: [], errors: [error], ...max }, error);
}

/** A file over the import's size: 1006 `validation.alarmImport.tooLarge`, answered 413 (Payload Too Large). */
export class AlarmFileTooLarge extends AlarmInputError {
  override readonly statusCode = 413;
  constructor(size: string) {
    const error = fieldError('file', 'validation.alarmImport.tooLarge', { size });
    super(ErrorCode.E1006_BAD_PARAMETER, { rows: [], errors: [error] }, error);
  }
}

/** 1006 for an import with bad rows: each with its 1-based sheet row number; nothing was imported. */
export function rowsInvalid(rows: AlarmImportErrors['rows']): AlarmInputError {
  const summary = fieldError('file', 'validation.alarmImport.badRows', {
    count: rows.length,
    row: rows[0]?.row ?? 0,
  });
  return new AlarmInputError(ErrorCode.E1006_BAD_PARAMETER, { rows }, summary);
}
