import type { Locale } from '@hmi/domain';

export type Namespaces = Record<string, Record<string, unknown>>;

function byNamespace(files: Record<string, unknown>): Namespaces {
  const out: Namespaces = {};
  for (const [path, json] of Object.entries(files)) {
    const ns = /([\w-]+)\.json$/.exec(path)?.[1];
    if (ns) out[ns] = json as Record<string, unknown>;
  }
  return out;
}

/**
 * Each language's texts come in three chunks, and only the chosen language's are downloaded:
 * what every first visit needs (the login page's, at start), the other public pages' (with those
 * pages) and the console's (with the signed-in shell). Together they hold every namespace once
 * (web-terms.test.ts).
 */
export const localeBundles: Record<Locale, () => Promise<Namespaces>> = {
  'zh-cn': () => import('./bundles/zh-cn.bundle.ts').then((m) => byNamespace(m.files)),
  'en-us': () => import('./bundles/en-us.bundle.ts').then((m) => byNamespace(m.files)),
  'zh-tw': () => import('./bundles/zh-tw.bundle.ts').then((m) => byNamespace(m.files)),
};

/** The other public pages' namespaces and the domain's validation texts and terms (loadPublicTexts). */
export const publicBundles: Record<Locale, () => Promise<Namespaces>> = {
  'zh-cn': () => import('./bundles/zh-cn.public.ts').then((m) => byNamespace(m.files)),
  'en-us': () => import('./bundles/en-us.public.ts').then((m) => byNamespace(m.files)),
  'zh-tw': () => import('./bundles/zh-tw.public.ts').then((m) => byNamespace(m.files)),
};

/** The console's namespaces of each language, fetched with the signed-in shell (loadConsoleTexts). */
export const consoleBundles: Record<Locale, () => Promise<Namespaces>> = {
  'zh-cn': () => import('./bundles/zh-cn.console.ts').then((m) => byNamespace(m.files)),
  'en-us': () => import('./bundles/en-us.console.ts').then((m) => byNamespace(m.files)),
  'zh-tw': () => import('./bundles/zh-tw.console.ts').then((m) => byNamespace(m.files)),
};
