import { errorText, i18n } from '../../shared/i18n/i18n.ts';

/** The server's wording of a delivery skipped by the per-user cap of alarm mails. */
const RATE_LIMITED = /^skipped: more than (\d+) alarm mails a minute/;

/**
 * A failed delivery's reason in the interface language: a known error code or key is
 * translated, the per-user cap gets its own text, and a mail transport's own error (SMTP
 * replies, connection errors) is quoted inside a translated sentence.
 */
export function deliveryReason(error: string | null): string {
  if (!error) return errorText('ERR_NETWORK');
  if (i18n.exists(error, { ns: 'errors' })) return errorText(error);
  const capped = RATE_LIMITED.exec(error);
  if (capped) return i18n.t('notify.reason.rateLimited', { ns: 'profile', count: Number(capped[1]) });
  return i18n.t('notify.reason.transport', { ns: 'profile', detail: error });
}
