import { ErrorCode } from '@hmi/domain';
import { isApiError, isCancelled } from '../http/http-errors.ts';

/** Where a failed manual call is shown: under one field of the form, or above its buttons. */
export interface PlacedFailure {
  field?: string;
  text: string;
}

export interface FailureText {
  /** Translated text of an error code (the http client's errorText). */
  error(code: number | string, data?: unknown, msg?: string): string;
  /** Translated text of a validation key of the domain package. */
  validation(key: string, params?: Record<string, unknown>): string;
}

interface FieldIssue {
  path?: unknown;
  message?: unknown;
  params?: unknown;
}

/**
 * Turns a manual call's failure into text placed in the form: codes listed in `fieldOf` go under
 * their field (1034 under the name, 1025 under the PIN...), a 1006 that names a field and a
 * validation key goes under that field, anything else above the buttons. Cancelled calls show
 * nothing.
 */
export function placeFailure(
  e: unknown,
  fieldOf: Readonly<Record<number, string>>,
  text: FailureText,
): PlacedFailure | undefined {
  if (isCancelled(e)) return undefined;
  if (!isApiError(e)) return { text: text.error('ERR_NETWORK') };
  if (typeof e.code === 'number' && fieldOf[e.code]) {
    return { field: fieldOf[e.code], text: text.error(e.code, e.data, e.msg) };
  }
  if (e.code === ErrorCode.E1006_BAD_PARAMETER) {
    const issue = (e.data as { fields?: FieldIssue[] } | null)?.fields?.[0];
    if (issue && typeof issue.path === 'string' && typeof issue.message === 'string') {
      const params =
        typeof issue.params === 'object' && issue.params ? (issue.params as Record<string, unknown>) : {};
      const translated = issue.message.startsWith('validation.')
        ? text.validation(issue.message, params)
        : '';
      return { field: issue.path, text: translated || text.error(e.code, e.data, e.msg) };
    }
  }
  return { text: text.error(e.code, e.data, e.msg) };
}
