import { ErrorCode } from '@hmi/domain';
import { isApiError, isCancelled } from '../http/http-errors.ts';

/** One failure text under one field of the form. */
export interface FieldFailure {
  field: string;
  text: string;
}

/** Where a failed manual call is shown: under fields of the form, and/or above its buttons. */
export interface PlacedFailure {
  fields: FieldFailure[];
  /** The text above the buttons (the rest place, also for fields the form does not have). */
  general?: string;
}

/** Where a form wants the failures of its calls. Pass a stable (module-level) object. */
export interface FailurePlaces {
  /** Codes that belong under one field of the form (1034 -> 'name'). */
  fieldOf?: Readonly<Record<number, string>>;
  /** Fields a 1006 reply may name that are fields of this form. */
  fields?: readonly string[];
  /**
   * One-field forms whose button sits in the field (an inline name input): every failure goes
   * under this field, none above the buttons.
   */
  rest?: string;
}

export interface FailureText {
  /** Translated text of an error code (the http client's errorText). */
  error(code: number | string, data?: unknown, msg?: string): string;
  /**
   * Translated text of a field error's key: a `validation.*` key of the domain package, or in
   * 1006 `data.errors` lists the key the feature's catalogue knows (alarm issues).
   */
  key(key: string, params: Record<string, unknown>): string;
}

/** A field error of a 1006 reply that lists them (`data.errors`, or the list itself). */
export interface ReplyFieldError {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

const isFieldError = (v: unknown): v is ReplyFieldError =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ReplyFieldError).field === 'string' &&
  typeof (v as ReplyFieldError).key === 'string';

/** The field errors a 1006 reply carries (`data.errors`, or the list itself); junk is dropped. */
export function fieldErrorsOf(data: unknown): ReplyFieldError[] {
  const list = Array.isArray(data) ? data : (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(list) ? list.filter(isFieldError) : [];
}

interface ZodIssue {
  path?: unknown;
  message?: unknown;
  params?: unknown;
}

/** The field failures a reply names: a code of `fieldOf`, a 1006 error list, or a 1006 schema issue. */
function fieldFailures(
  code: number | string,
  data: unknown,
  msg: string,
  fieldOf: Readonly<Record<number, string>>,
  text: FailureText,
): FieldFailure[] {
  if (typeof code === 'number' && fieldOf[code])
    return [{ field: fieldOf[code], text: text.error(code, data, msg) }];
  if (code !== ErrorCode.E1006_BAD_PARAMETER) return [];
  const listed = fieldErrorsOf(data);
  if (listed.length > 0)
    return listed.map((fe) => ({ field: fe.field, text: text.key(fe.key, fe.params ?? {}) }));
  const issue = (data as { fields?: ZodIssue[] } | null)?.fields?.[0];
  if (!issue || typeof issue.path !== 'string' || typeof issue.message !== 'string') return [];
  const params =
    typeof issue.params === 'object' && issue.params ? (issue.params as Record<string, unknown>) : {};
  const translated = issue.message.startsWith('validation.') ? text.key(issue.message, params) : '';
  return [{ field: issue.path, text: translated || text.error(code, data, msg) }];
}

/**
 * Turns a manual call's failure into texts placed in the form. Under a field: the codes listed in
 * `fieldOf` (1034 under the name, 1025 under the PIN...), every field error of a 1006 list, a 1006
 * schema issue that names a field (its validation key translated). Above the buttons: anything
 * else, and the first field failure of a field the form does not have (`form` false: it has
 * none). Cancelled calls show nothing.
 */
export function placeFailure(
  e: unknown,
  places: FailurePlaces,
  text: FailureText,
  form = true,
): PlacedFailure | undefined {
  if (isCancelled(e)) return undefined;
  const known = form ? [...(places.fields ?? []), ...Object.values(places.fieldOf ?? {})] : [];
  const rest = form ? places.rest : undefined;
  const placed = (fields: FieldFailure[], general?: string): PlacedFailure => {
    if (general === undefined) return { fields };
    if (rest) return { fields: fields.length > 0 ? fields : [{ field: rest, text: general }] };
    return { fields, general };
  };
  if (!isApiError(e)) return placed([], text.error('ERR_NETWORK'));
  const failures = fieldFailures(e.code, e.data, e.msg, places.fieldOf ?? {}, text);
  if (failures.length === 0) return placed([], text.error(e.code, e.data, e.msg));
  const elsewhere = failures.find((f) => !known.includes(f.field));
  return placed(
    failures.filter((f) => known.includes(f.field)),
    elsewhere?.text,
  );
}
