import errors from '@hmi/domain/i18n/errors.en-us.json';

/**
 * The texts of en-us every first visit needs, loaded at start when en-us is the interface language:
 * the login page's and the shared namespaces, and the domain's error texts of this language only
 * (the package's `errorMessages` holds all three languages and would ship them all). The other
 * public pages' texts come with those pages (en-us.public.ts), the console's with the signed-in
 * shell (en-us.console.ts).
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob('../../../i18n/en-us/{common,login}.json', { eager: true, import: 'default' }),
  'domain/errors.json': errors,
};
