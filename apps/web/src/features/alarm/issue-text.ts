import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { VALIDATION_NAMESPACE } from '@hmi/domain';

type Params = Readonly<Record<string, unknown>>;

/**
 * Text of an alarm field error key from the server or the form: `validation.*` keys come from the
 * domain catalogue, `ns:key` keys from that namespace, an error code from the error catalogue,
 * anything else from this screen's `alarm:issue.*` texts (the key itself when none fits).
 */
export function issueText(i18n: I18n, key: string, params: Params = {}): string {
  if (key.startsWith('validation.')) return i18n.t(key, { ...params, ns: VALIDATION_NAMESPACE });
  if (key.includes(':') && i18n.exists(key)) return i18n.t(key, { ...params });
  if (i18n.exists(key, { ns: 'errors' })) return i18n.t(key, { ...params, ns: 'errors' });
  return i18n.t(`issue.${key}`, { ...params, ns: 'alarm', defaultValue: key });
}

/** `text(issue)` for components: the translated text of a RuleIssue-like key and params. */
export function useIssueText() {
  const { i18n } = useTranslation();
  return useCallback(
    (issue: { key: string; params?: Params | undefined }) => issueText(i18n, issue.key, issue.params ?? {}),
    [i18n],
  );
}
