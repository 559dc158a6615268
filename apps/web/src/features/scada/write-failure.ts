import { ErrorCode, StringErrorCode } from '@hmi/domain';
import { isApiError, isCancelled } from '../../shared/http/http-errors.ts';

/*
 * Why a running screen's write failed, for the failure toast: the settag path's outcomes as the
 * data monitor tells them apart (monitor/write-outcome.ts): device offline (1038), template not
 * synced (2002), value out of the tag's range or a read-only tag (1006 with its issue), no answer
 * in time (2003 ETIMEDOUT); anything else is the code's own text.
 */

export type ScreenWriteFailure = 'offline' | 'notSynced' | 'outOfRange' | 'readOnly' | 'timeout';

/** The known kind of a write's failure, null for any other failure, undefined when cancelled. */
export function screenWriteFailure(e: unknown): ScreenWriteFailure | null | undefined {
  if (isCancelled(e)) return undefined;
  if (!isApiError(e)) return null;
  if (e.code === ErrorCode.E1038_DEVICE_OFFLINE) return 'offline';
  if (e.code === ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED) return 'notSynced';
  if (e.code === ErrorCode.E2003_NETWORK && e.msg === StringErrorCode.ETIMEDOUT) return 'timeout';
  if (e.code !== ErrorCode.E1006_BAD_PARAMETER) return null;
  const issue = (e.data as { fields?: { message?: unknown }[] } | null)?.fields?.[0];
  if (
    e.msg === StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE ||
    issue?.message === StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE
  )
    return 'outOfRange';
  if (issue?.message === 'validation.settag.readOnly') return 'readOnly';
  return null;
}
