import errors from '@hmi/domain/i18n/errors.zh-cn.json';
import terms from '@hmi/domain/i18n/terms.zh-cn.json';
import validation from '@hmi/domain/i18n/validation.zh-cn.json';

/**
 * The namespaces of zh-cn a signed-out visitor needs, loaded when zh-cn is the interface language:
 * the public web namespaces (the console's own come with the signed-in shell: zh-cn.console.ts), and the domain package's catalogues of this language only — error texts,
 * validation texts and the terms (names of levels, types, states... that mails and sheets use
 * too). The package's `errorMessages` / `terms` hold all three languages and would ship them all.
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob(
    '../../../i18n/zh-cn/{common,login,register,activation,agreement,download,scada,layout,menu}.json',
    { eager: true, import: 'default' },
  ),
  'domain/errors.json': errors,
  'domain/validation.json': validation,
  'domain/terms.json': terms,
};
