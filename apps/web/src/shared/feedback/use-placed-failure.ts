import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { VALIDATION_NAMESPACE } from '@hmi/domain';
import { errorText } from '../i18n/i18n.ts';
import { placeFailure, type FailurePlaces } from './place-failure.ts';

export type { FailurePlaces } from './place-failure.ts';

/** The text of a field error's key; the default reads the domain's validation catalogue. */
export type KeyText = (i18n: I18n, key: string, params: Record<string, unknown>) => string;

const validationText: KeyText = (i18n, key, params) => i18n.t(key, { ...params, ns: VALIDATION_NAMESPACE });
const NOWHERE: FailurePlaces = {};

/**
 * The one way a form shows the failure of its manual call: a failure tied to a field (a code of
 * `places.fieldOf`, a 1006 field error) under that field of `form`, any other (network errors
 * included) above the form's buttons as `failure`; without `form` every failure is `failure`.
 * Cancelled calls show nothing. `places` and `keyText` must be stable (module-level); `keyText`
 * translates the keys of 1006 field errors when a feature has its own (alarm issues). Call
 * `clear` on every edit and before a new submit.
 */
export function usePlacedFailure(
  form?: FormInstance,
  places: FailurePlaces = NOWHERE,
  keyText: KeyText = validationText,
) {
  const { i18n } = useTranslation();
  const [failure, setFailure] = useState<string>();
  const report = useCallback(
    (e: unknown) => {
      const placed = placeFailure(
        e,
        places,
        { error: errorText, key: (key, params) => keyText(i18n, key, params) },
        form !== undefined,
      );
      if (!placed) return;
      if (form && placed.fields.length > 0) {
        form.setFields(placed.fields.map((f) => ({ name: f.field, errors: [f.text] })));
      }
      if (placed.general !== undefined) setFailure(placed.general);
    },
    [places, form, i18n, keyText],
  );
  const clear = useCallback(() => setFailure(undefined), []);
  return { failure, report, clear };
}
