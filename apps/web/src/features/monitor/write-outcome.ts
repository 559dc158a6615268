import { ErrorCode, StringErrorCode } from '@hmi/domain';
import { isApiError, isCancelled } from '../../shared/http/http-errors.ts';

/** How a write ended, as the dialog shows it (monitor:write.<kind>). */
export type WriteFailureKind = 'offline' | 'notSynced' | 'outOfRange' | 'readOnly' | 'timeout' | 'failed';

interface FieldIssue {
  path?: unknown;
  message?: unknown;
}

/**
 * The failure of a settag call (settag.api.ts): 1038 device offline, 2002 template not synced,
 * 1006 out of range (E_VALUE_OUT_OF_VALID_RANGE) or read-only, 2003 ETIMEDOUT no answer in time;
 * anything else `failed` with the translated code. Undefined for a cancelled call.
 */
export function writeFailure(e: unknown): { kind: WriteFailureKind; code?: number | string } | undefined {
  if (isCancelled(e)) return undefined;
  if (!isApiError(e)) return { kind: 'failed', code: StringErrorCode.ERR_NETWORK };
  if (e.code === ErrorCode.E1038_DEVICE_OFFLINE) return { kind: 'offline' };
  if (e.code === ErrorCode.E2002_SETTAG_TEMPLATE_NOT_SYNCED) return { kind: 'notSynced' };
  if (e.code === ErrorCode.E2003_NETWORK && e.msg === StringErrorCode.ETIMEDOUT) return { kind: 'timeout' };
  if (e.code === ErrorCode.E1006_BAD_PARAMETER) {
    const issue = (e.data as { fields?: FieldIssue[] } | null)?.fields?.[0];
    if (
      e.msg === StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE ||
      issue?.message === StringErrorCode.E_VALUE_OUT_OF_VALID_RANGE
    )
      return { kind: 'outOfRange' };
    if (issue?.message === 'validation.settag.readOnly') return { kind: 'readOnly' };
  }
  return { kind: 'failed', code: e.code };
}
