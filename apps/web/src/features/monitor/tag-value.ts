import { TagDataType, tagDataTypeName, validateAlarmValue, type SettagBody } from '@hmi/domain';

/** A tag's value as the socket and the write reply carry it. */
export type TagValue = number | string | boolean | null;

export type TagQuality = 'fresh' | 'stale' | 'offline';

/** A value older than this (by the time this screen received it) is stale. */
export const STALE_AFTER_MS = 60_000;

/**
 * Quality of a tag on the monitor: offline when the device is, stale when no value came for
 * STALE_AFTER_MS (or none yet), else fresh.
 */
export function tagQuality(online: boolean, receivedAt: number | undefined, now: number): TagQuality {
  if (!online) return 'offline';
  if (receivedAt === undefined || now - receivedAt > STALE_AFTER_MS) return 'stale';
  return 'fresh';
}

/** A value for display: REAL/LREAL with the tag's decimals, BOOL as 0/1, nothing as an em dash. */
export function formatTagValue(value: TagValue | undefined, dataType: number, decimals: number): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && (dataType === TagDataType.REAL || dataType === TagDataType.LREAL)) {
    return decimals > 0 ? value.toFixed(Math.min(decimals, 14)) : String(value);
  }
  return String(value);
}

/** Most characters of a STRING write (settagValue). */
export const STRING_WRITE_MAX = 4096;

export type WriteInput =
  | { ok: true; value: SettagBody['value'] }
  | {
      ok: false;
      key: 'rule.required' | 'rule.notNumber' | 'rule.outOfRange' | 'rule.realOutOfRange' | 'rule.tooLong';
      params: Record<string, string | number>;
    };

/**
 * The text of the write dialog as the value to send, checked against the tag's data type with
 * the domain rule the server applies (validateAlarmValue: SPEC section 5 ranges). Integers beyond
 * 2^53 travel as exact decimal strings.
 */
export function parseWriteInput(text: string, dataType: number): WriteInput {
  if (dataType === TagDataType.STRING) {
    return text.length > STRING_WRITE_MAX
      ? { ok: false, key: 'rule.tooLong', params: { max: STRING_WRITE_MAX } }
      : { ok: true, value: text };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, key: 'rule.required', params: {} };
  const check = validateAlarmValue(trimmed, dataType);
  if (!check.ok) {
    if (check.key === 'validation.alarm.valueRange' || check.key === 'validation.alarm.realRange') {
      return {
        ok: false,
        key: check.key === 'validation.alarm.realRange' ? 'rule.realOutOfRange' : 'rule.outOfRange',
        params: { type: tagDataTypeName(dataType) ?? String(dataType), ...check.params },
      };
    }
    return { ok: false, key: 'rule.notNumber', params: {} };
  }
  if (dataType === TagDataType.BOOL) return { ok: true, value: Number(trimmed) === 1 };
  if (dataType === TagDataType.REAL || dataType === TagDataType.LREAL)
    return { ok: true, value: Number(trimmed) };
  const n = BigInt(trimmed);
  return { ok: true, value: Number.isSafeInteger(Number(n)) ? Number(n) : n.toString() };
}

/** True for tags the console may write (rw 1 write, 2 read-write). */
export const isWritable = (rw: number): boolean => rw === 1 || rw === 2;
