import { toasts } from './notifier.ts';
import { errorText } from '../i18n/i18n.ts';
import { isApiError, isCancelled } from '../http/http-errors.ts';

/**
 * The translated reason of a failed call, for a text that embeds it (a result line, an inline
 * note beside a button); undefined when the call was cancelled.
 */
export function failureText(e: unknown): string | undefined {
  if (isCancelled(e)) return undefined;
  return isApiError(e) ? errorText(e.code, e.data, e.msg) : errorText('ERR_NETWORK');
}

/**
 * Shows a manual call's failure as the usual error toast, for actions that have no form (delete,
 * move, export...). A failure the http client already toasted (a call not marked `manual`) and a
 * cancelled call show nothing.
 */
export function toastFailure(e: unknown): void {
  if (isApiError(e) && e.notified) return;
  const text = failureText(e);
  if (text !== undefined) toasts.error(text);
}
