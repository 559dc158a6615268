import { z } from 'zod';

/** Interface languages (SPEC section 1). */
export const Locale = { ZhCn: 'zh-cn', EnUs: 'en-us', ZhTw: 'zh-tw' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];
export const locales = Object.values(Locale) as readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'zh-cn';
export const localeSchema = z.enum(locales as [Locale, ...Locale[]]);

/**
 * Maps any language tag (browser, Accept-Language entry, stored value) to a supported locale.
 * Case and '_' vs '-' are ignored. Every English variant (en-gb, en, en-au...) maps to en-us;
 * Traditional Chinese tags (zh-tw, zh-hk, zh-mo, zh-hant...) to zh-tw; every other Chinese tag
 * and anything unknown or empty falls back to zh-cn, the spec's default.
 */
export function resolveLocale(input: string | null | undefined): Locale {
  const tag = (input ?? '').trim().toLowerCase().replaceAll('_', '-');
  if (tag === 'en' || tag.startsWith('en-')) return 'en-us';
  if (tag === 'zh' || tag.startsWith('zh-')) {
    const parts = tag.split('-');
    const traditional = parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo' || p === 'hant');
    return traditional ? 'zh-tw' : 'zh-cn';
  }
  return DEFAULT_LOCALE;
}
