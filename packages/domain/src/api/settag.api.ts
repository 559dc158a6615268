import { z } from 'zod';
import { validateMultiLineText } from '../validation/free-text.validation.ts';
import { refineWith } from '../validation/zod-glue.ts';
import { historyValue } from './history.api.ts';

/**
 * Contract of writing a tag from the console (data monitor, device monitor permission 47) and of
 * the write log. The server checks, in this order: the device is in the caller's data scope
 * (1003), it is online (1038), its config is synced (sync state 1, else 2002), the tag is in its
 * template (1003) and writable (rw 1 or 2; a read tag is 1006 with
 * data.fields[0] = { path: 'tag_id', message: 'validation.settag.readOnly' }), and the value fits
 * the tag's data type (1006 with msg E_VALUE_OUT_OF_VALID_RANGE and
 * data.fields[0] = { path: 'value', message: 'E_VALUE_OUT_OF_VALID_RANGE', params: { type, min?, max? } }).
 * Then it sends `cmd` op `settag` and waits for the device's `cmd/resp`:
 * - ok: the reply below;
 * - the device refused: 2002 when it answered 2002 (not running the current template), 1006
 *   for bad arguments, unknown or read-only tag (device codes 2-4), 1007 otherwise; `data`
 *   carries `{ write_id, device_code, result }`;
 * - no answer within SETTAG_TIMEOUT_MS (10 s): 2003 with msg ETIMEDOUT;
 * - the device disconnected meanwhile: 1038.
 * Every write that reached the device stage is logged with who, when, old and new value and
 * the outcome.
 */
export const SettagPaths = {
  settag: '/device/settag', // POST settagBody -> settagReply                    (device monitor 47)
  log: '/device/settag/log', // GET tagWriteLogQuery -> tagWriteLogReply         (device monitor 47)
} as const;

/**
 * BOOL takes true/false or 0/1; UINT64/INT64 beyond 2^53 must be decimal strings. A string is
 * written as typed (never trimmed) but follows the free-text rule of a multi-line field: it is
 * logged, stored and shown like any text, and PostgreSQL cannot hold a NUL.
 */
export const settagValue = z.union([
  z.boolean(),
  z.number().finite(),
  z.string().max(4096).superRefine(refineWith(validateMultiLineText)),
]);

export const settagBody = z.object({
  /** Device id. */
  id: z.number().int().positive(),
  tag_id: z.number().int().positive(),
  value: settagValue,
});
export type SettagBody = z.infer<typeof settagBody>;

export const settagReply = z.object({
  write_id: z.number().int(),
  device_id: z.number().int(),
  tag_id: z.number().int(),
  /** The value as written (BOOL as 0/1). */
  value: historyValue,
  /** The tag's last value before the write (null = none known). */
  old_value: historyValue,
  /** The device's `result`, if any. */
  result: z.unknown().optional(),
  /** When the device confirmed, ms. */
  at: z.number().int(),
});
export type SettagReply = z.infer<typeof settagReply>;

export const tagWriteOutcomes = ['ok', 'refused', 'timeout', 'offline', 'error'] as const;
export type TagWriteOutcome = (typeof tagWriteOutcomes)[number];

export const tagWriteItem = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  tag_id: z.number().int(),
  tag_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  old_value: historyValue,
  new_value: historyValue,
  outcome: z.enum(tagWriteOutcomes),
  /** The device's code when it refused, else null. */
  code: z.number().int().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type TagWriteItem = z.infer<typeof tagWriteItem>;

export const tagWriteLogQuery = z.object({
  id: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type TagWriteLogQuery = z.input<typeof tagWriteLogQuery>;

export const tagWriteLogReply = z.object({
  list: z.array(tagWriteItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TagWriteLogReply = z.infer<typeof tagWriteLogReply>;
