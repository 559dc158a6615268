/** "3 minutes ago" in the interface language (Intl, so no date-library plugin to load). */
export function relativeTime(at: number, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  if (abs < 365 * 86_400) return rtf.format(Math.round(seconds / (30 * 86_400)), 'month');
  return rtf.format(Math.round(seconds / (365 * 86_400)), 'year');
}
