import errors from '../../../../../../packages/domain/src/i18n/errors.zh-tw.json';
import validation from '../../../../../../packages/domain/src/i18n/validation.zh-tw.json';

/**
 * Every namespace of zh-tw in one chunk, loaded when zh-tw is the interface language: the web
 * namespaces, and the domain package's error and validation catalogues of this language only
 * (its `errorMessages` / `validationMessages` hold all three and would ship them all).
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob('../../../i18n/zh-tw/*.json', { eager: true, import: 'default' }),
  'domain/errors.json': errors,
  'domain/validation.json': validation,
};
