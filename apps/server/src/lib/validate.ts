import { ErrorCode, type ValidationResult } from '@hmi/domain';
import { AppError } from './app-error.ts';

/**
 * Throws 1006 when a domain validator failed; `data.fields` carries the i18n key and params in
 * the same shape as schema failures, so the client can show the translated rule.
 */
export function assertValid(path: string, result: ValidationResult): void {
  if (!result.ok) {
    throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
      where: 'body',
      fields: [{ path, message: result.key, params: result.params }],
    });
  }
}
