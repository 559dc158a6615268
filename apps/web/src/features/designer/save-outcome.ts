import { ErrorCode } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';

/*
 * How a failed save reads: a version conflict (someone saved the screen after this editor loaded
 * it: 1006 `validation.screen.versionConflict` with the stored version, nothing written) opens
 * the conflict dialog; anything else is an ordinary failure.
 */

export const VERSION_CONFLICT = 'validation.screen.versionConflict';

interface FieldIssue {
  message?: unknown;
  params?: { version?: unknown };
}

/** The stored version a save lost to, or undefined when the failure is not a version conflict. */
export function conflictVersionOf(e: unknown): number | undefined {
  if (!isApiError(e) || e.code !== ErrorCode.E1006_BAD_PARAMETER) return undefined;
  const fields = (e.data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return undefined;
  const conflict = (fields as FieldIssue[]).find((f) => f?.message === VERSION_CONFLICT);
  if (!conflict) return undefined;
  const v = conflict.params?.version;
  return typeof v === 'number' ? v : 0;
}
