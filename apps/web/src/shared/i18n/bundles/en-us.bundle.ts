import errors from '@hmi/domain/i18n/errors.en-us.json';
import terms from '@hmi/domain/i18n/terms.en-us.json';
import validation from '@hmi/domain/i18n/validation.en-us.json';

/**
 * The namespaces of en-us a signed-out visitor needs, loaded when en-us is the interface language:
 * the public web namespaces (the console's own come with the signed-in shell: en-us.console.ts), and the domain package's catalogues of this language only — error texts,
 * validation texts and the terms (names of levels, types, states... that mails and sheets use
 * too). The package's `errorMessages` / `terms` hold all three languages and would ship them all.
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob(
    '../../../i18n/en-us/{common,login,register,activation,agreement,download,scada,layout,menu}.json',
    { eager: true, import: 'default' },
  ),
  'domain/errors.json': errors,
  'domain/validation.json': validation,
  'domain/terms.json': terms,
};
