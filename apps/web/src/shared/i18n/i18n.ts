import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resolveLocale, type Locale } from '@hmi/domain';
import { storage } from '../storage/storage.ts';
import { StorageKey } from '../storage/storage-keys.ts';
import { consoleBundles, localeBundles, publicBundles, type Namespaces } from './locale-bundles.ts';
import { loadDateLocale } from './antd-locale.ts';

/** The stored language, else the browser's, mapped onto zh-cn / en-us / zh-tw. */
export function currentLocale(): Locale {
  return resolveLocale(storage.get(StorageKey.LOCALE) ?? navigator.language);
}

/**
 * Loads the chosen language only and starts i18next with it. No fallback language is
 * downloaded (13 KB of a first visit): every language has every key (locale-parity.test.ts).
 */
export async function initI18n(): Promise<Locale> {
  const locale = currentLocale();
  const resources = { [locale]: { ...(await localeBundles[locale]()) } };
  await i18n.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: false,
    lowerCaseLng: true,
    supportedLngs: [...Object.keys(resources)],
    defaultNS: 'common',
    ns: Object.keys(resources[locale] ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale === 'zh-cn' ? 'zh-CN' : locale === 'zh-tw' ? 'zh-TW' : 'en-US';
  return locale;
}

const added = new Map<() => Promise<Namespaces>, Promise<void>>();

/** Adds a bundle's namespaces to the interface language (once per bundle). */
function addTexts(bundle: () => Promise<Namespaces>): Promise<void> {
  let done = added.get(bundle);
  if (!done) {
    done = bundle().then((namespaces) => {
      const lng = i18n.language;
      for (const [ns, texts] of Object.entries(namespaces))
        i18n.addResourceBundle(lng, ns, texts, true, true);
    });
    added.set(bundle, done);
  }
  return done;
}

/**
 * Adds the texts of the public pages other than /login (and the domain's validation texts and
 * terms): those pages' routes wait for them, so the login page's first visit stays small.
 */
export function loadPublicTexts(): Promise<void> {
  return addTexts(publicBundles[currentLocale()]);
}

/**
 * Adds the console's namespaces of the interface language, with the public ones it shares (the
 * validation texts and terms), and sets dayjs's language: the signed-in shell waits for them
 * before it renders.
 */
export async function loadConsoleTexts(): Promise<void> {
  const locale = currentLocale();
  await Promise.all([loadPublicTexts(), addTexts(consoleBundles[locale]), loadDateLocale(locale)]);
}

/** SPEC section 1: store the choice, clear the cached card-type list, reload. */
export function switchLocale(locale: Locale): void {
  storage.set(StorageKey.LOCALE, locale);
  storage.remove(StorageKey.CARD_TYPES);
  window.location.reload();
}

/** Translated text of an error code, or of the reply's data when it is itself a known key. */
export function errorText(code: number | string, data?: unknown, msg?: string): string {
  if (typeof data === 'string' && data && i18n.exists(data, { ns: 'errors' }))
    return i18n.t(data, { ns: 'errors' });
  const key = String(code);
  if (i18n.exists(key, { ns: 'errors' })) return i18n.t(key, { ns: 'errors' });
  if (typeof msg === 'string' && msg && i18n.exists(msg, { ns: 'errors' }))
    return i18n.t(msg, { ns: 'errors' });
  return i18n.t('unknownError', { ns: 'common', code: key });
}

export { i18n };
