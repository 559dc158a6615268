import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import { VALIDATION_NAMESPACE, type ValidationResult } from '@hmi/domain';

/** Turns a domain validator (i18n key + params) into an antd form rule with the translated text. */
export function useValidator() {
  const { t } = useTranslation(VALIDATION_NAMESPACE);
  const message = useCallback((r: ValidationResult) => (r.ok ? '' : t(r.key, { ...r.params })), [t]);
  const rule = useCallback(
    (validate: (value: string) => ValidationResult): Rule => ({
      validator: async (_rule, value: unknown) => {
        const r = validate(typeof value === 'string' ? value : '');
        if (!r.ok) throw new Error(t(r.key, { ...r.params }));
      },
    }),
    [t],
  );
  return { rule, message };
}
