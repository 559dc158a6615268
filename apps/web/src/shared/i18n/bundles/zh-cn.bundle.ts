import errors from '@hmi/domain/i18n/errors.zh-cn.json';

/**
 * The texts of zh-cn every first visit needs, loaded at start when zh-cn is the interface language:
 * the login page's and the shared namespaces, and the domain's error texts of this language only
 * (the package's `errorMessages` holds all three languages and would ship them all). The other
 * public pages' texts come with those pages (zh-cn.public.ts), the console's with the signed-in
 * shell (zh-cn.console.ts).
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob('../../../i18n/zh-cn/{common,login}.json', { eager: true, import: 'default' }),
  'domain/errors.json': errors,
};
