import {
  ERRORS_NAMESPACE,
  VALIDATION_NAMESPACE,
  errorMessages,
  validationMessages,
  type Locale,
} from '@hmi/domain';

/** The domain package's catalogues (error codes, validation keys) as i18next namespaces. */
export function domainCatalogues(locale: Locale): Record<string, Record<string, unknown>> {
  return {
    [ERRORS_NAMESPACE]: { ...errorMessages[locale] },
    [VALIDATION_NAMESPACE]: { ...validationMessages[locale] },
  };
}
