import { ErrorCode, type ValidationFailure, type ValidationResult } from '@hmi/domain';
import { AppError } from './app-error.ts';

/**
 * 1006 for a domain validator's failure; `data.fields` carries the i18n key and params in the
 * same shape as schema failures, so the client can show the translated rule.
 */
export function validationError(path: string, failure: ValidationFailure): AppError {
  return new AppError(ErrorCode.E1006_BAD_PARAMETER, {
    where: 'body',
    fields: [{ path, message: failure.key, params: failure.params }],
  });
}

/** Throws 1006 when a domain validator failed (`validationError`). */
export function assertValid(path: string, result: ValidationResult): void {
  if (!result.ok) throw validationError(path, result);
}
