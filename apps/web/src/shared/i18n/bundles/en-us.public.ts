import terms from '@hmi/domain/i18n/terms.en-us.json';
import validation from '@hmi/domain/i18n/validation.en-us.json';

/**
 * The texts of en-us the public pages other than /login need (register, activation, agreements,
 * app download, scada), and the domain's validation texts and terms (names of levels, types,
 * states... that mails and sheets use too) of this language only. Fetched with the first of those
 * pages, or with the signed-in shell: a first visit to /login does not download them.
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob('../../../i18n/en-us/{register,activation,agreement,download,scada}.json', {
    eager: true,
    import: 'default',
  }),
  'domain/validation.json': validation,
  'domain/terms.json': terms,
};
