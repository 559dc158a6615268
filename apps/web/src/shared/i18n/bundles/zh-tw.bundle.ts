import errors from '@hmi/domain/i18n/errors.zh-tw.json';
import terms from '@hmi/domain/i18n/terms.zh-tw.json';
import validation from '@hmi/domain/i18n/validation.zh-tw.json';

/**
 * The namespaces of zh-tw a signed-out visitor needs, loaded when zh-tw is the interface language:
 * the public web namespaces (the console's own come with the signed-in shell: zh-tw.console.ts), and the domain package's catalogues of this language only — error texts,
 * validation texts and the terms (names of levels, types, states... that mails and sheets use
 * too). The package's `errorMessages` / `terms` hold all three languages and would ship them all.
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob(
    '../../../i18n/zh-tw/{common,login,register,activation,agreement,download,scada,layout,menu}.json',
    { eager: true, import: 'default' },
  ),
  'domain/errors.json': errors,
  'domain/validation.json': validation,
  'domain/terms.json': terms,
};
