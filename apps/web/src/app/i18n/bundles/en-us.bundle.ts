import errors from '../../../../../../packages/domain/src/i18n/errors.en-us.json';
import validation from '../../../../../../packages/domain/src/i18n/validation.en-us.json';

/**
 * Every namespace of en-us in one chunk, loaded when en-us is the interface language: the web
 * namespaces, and the domain package's error and validation catalogues of this language only
 * (its `errorMessages` / `validationMessages` hold all three and would ship them all).
 */
export const files: Record<string, unknown> = {
  ...import.meta.glob('../../../i18n/en-us/*.json', { eager: true, import: 'default' }),
  'domain/errors.json': errors,
  'domain/validation.json': validation,
};
