import { toasts } from './notifier.ts';
import { errorText } from '../i18n/i18n.ts';
import { isApiError, isCancelled } from '../http/http-errors.ts';

/** Shows a manual call's failure as the usual error toast (for actions that have no form). */
export function toastFailure(e: unknown): void {
  if (isCancelled(e)) return;
  toasts.error(isApiError(e) ? errorText(e.code, e.data, e.msg) : errorText('ERR_NETWORK'));
}
