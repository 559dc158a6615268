import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_NAMESPACE } from '@hmi/domain';
import { errorText } from '../i18n/i18n.ts';
import { placeFailure } from './place-failure.ts';

export interface FailurePlaces {
  /** Codes that belong under one field of the form (1034 -> 'name'). */
  fieldOf?: Readonly<Record<number, string>>;
  /** Fields a 1006 reply may name that are fields of this form. */
  fields?: readonly string[];
}

const NOWHERE: FailurePlaces = {};

/**
 * In-form errors of manual calls: a code tied to a field shows under that field, any other
 * failure (a 1006 rule message translated from its validation key included) above the form's
 * buttons as `failure`. `places` must be a stable (module-level) object. `clear` on every edit.
 */
export function usePlacedFailure(form?: FormInstance, places: FailurePlaces = NOWHERE) {
  const { t } = useTranslation(VALIDATION_NAMESPACE);
  const [failure, setFailure] = useState<string>();
  const report = useCallback(
    (e: unknown) => {
      const placed = placeFailure(e, places.fieldOf ?? {}, {
        error: errorText,
        validation: (key, params) => t(key, { ...params }),
      });
      if (!placed) return;
      const known = [...(places.fields ?? []), ...Object.values(places.fieldOf ?? {})];
      if (form && placed.field && known.includes(placed.field)) {
        form.setFields([{ name: placed.field, errors: [placed.text] }]);
      } else {
        setFailure(placed.text);
      }
    },
    [places, form, t],
  );
  const clear = useCallback(() => setFailure(undefined), []);
  return { failure, report, clear };
}
