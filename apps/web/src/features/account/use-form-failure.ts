import { useCallback, useState } from 'react';
import { errorText } from '../../shared/i18n/i18n.ts';
import { isApiError, isCancelled } from '../../shared/http/http-errors.ts';

/** The translated reason of a failed manual call, shown in place above the form's button. */
export function useFormFailure() {
  const [failure, setFailure] = useState<string>();
  const report = useCallback((e: unknown) => {
    if (isCancelled(e)) return;
    setFailure(isApiError(e) ? errorText(e.code, e.data, e.msg) : errorText('ERR_NETWORK'));
  }, []);
  const clear = useCallback(() => setFailure(undefined), []);
  return { failure, report, clear };
}
