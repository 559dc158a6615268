import { z } from 'zod';
import { readWriteTypeSchema, tagDataTypeSchema } from '../constants/tag-types.constants.ts';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the data monitor of one device (device monitor permission 47). Paths are relative
 * to API_BASE; the device id (`id`) must be in the caller's team and device data permissions,
 * else 1003.
 *
 * Model: a device's tags are its template's tags (in template order) followed by its own
 * monitor points (in the order they were added). Both kinds travel in the device's `config`
 * and are streamed, stored and written alike. A point's `tag_id` is MONITOR_TAG_ID_BASE + its
 * row id: template tag ids are far below that base, and point ids are never reused, so history
 * keys (device_id, tag_id, ts) never clash, not even after a point is deleted.
 *
 * Rules (SPEC section 5; failures are 1006 with data.fields[0] = { path, message: validation
 * key, params }): name 1-255 characters and unique among the device's points and template tags
 * (validation.monitor.nameDuplicate); station an integer >= 0; length an integer >= 0 (>= 1 for
 * STRING); decimals 0-6; batch count 2-100; a `bit` component holds only BOOL
 * (path component_type, monitor:rule.bitOnlyBool); an address that cannot step in a batch
 * (no trailing number) is 1093. More TAGs than the device's limit (template tags + points >
 * tag_limit) is 1100 with data 'E_MONITOR_TAG_NUM_LIMIT'.
 *
 * Every save bumps the device's config version (sync state 0) and publishes its config; the
 * points saved carry that version. A point's config status is `match` when the device has
 * acknowledged a version at least the point's, `mismatch` otherwise.
 */
export const MonitorPaths = {
  list: '/device/monitor/list', // GET idQuery -> monitorListReply                  (monitor 47)
  add: '/device/monitor/add', // POST monitorAddBody -> monitorTag                 (monitor 47)
  batchAdd: '/device/monitor/batchadd', // POST monitorBatchAddBody -> monitorBatchReply (monitor 47)
  edit: '/device/monitor/edit', // POST monitorEditBody -> monitorTag              (monitor 47)
  delete: '/device/monitor/delete', // POST monitorDeleteBody -> { count }         (monitor 47)
} as const;

/** Tag id of a monitor point = this + the point's id (see the model above). */
export const MONITOR_TAG_ID_BASE = 1_000_000_000;

/** True when a tag id is a monitor point's (not a template tag's). */
export const isMonitorPointTagId = (tagId: number): boolean => tagId >= MONITOR_TAG_ID_BASE;

/**
 * Component types of a PLC address. `bit`: a bit device or coil (X, Y, M, 0x/1x), BOOL only.
 * `word`: a 16-bit register (D, 3x/4x, LW); wider types and strings take consecutive words.
 */
export const monitorComponentTypes = ['bit', 'word'] as const;
export const monitorComponentTypeSchema = z.enum(monitorComponentTypes);
export type MonitorComponentType = z.infer<typeof monitorComponentTypeSchema>;

/** Default TAG limit of a device (devices.tag_limit) until TAG allocation by billing cards exists. */
export const DEFAULT_DEVICE_TAG_LIMIT = 100;

export const monitorConfigStatuses = ['match', 'mismatch'] as const;
export type MonitorConfigStatus = (typeof monitorConfigStatuses)[number];

const text = (max: number) => singleLineText.max(max);

/**
 * The fields of a point as sent. Numbers are checked by the server with the domain validators
 * (validateStationNumber, validateMonitorLength, validateMonitorDecimals) so the failure
 * carries the rule's key and params; here they only have to be numbers.
 */
export const monitorPointFields = z.object({
  /** Validated with validateMonitorName (1-255, unique); trimmed. */
  name: singleLineText.max(1024),
  data_type: tagDataTypeSchema,
  /** 0 read, 1 write, 2 read-write. */
  rw: readWriteTypeSchema.default(2),
  /** The HMI's connection (PLC link) name, e.g. "Ethernet 1". */
  link: text(64).default(''),
  /** PLC manufacturer and model name. */
  plc_vendor: text(64).default(''),
  plc_name: text(64).default(''),
  station: z.number().default(0),
  component_type: monitorComponentTypeSchema.default('word'),
  /** PLC address, e.g. D100, 40001, %MW10. Required. */
  address: text(64).min(1),
  /** Characters for STRING (>= 1), else words of an array (0 = a single value). */
  length: z.number().default(0),
  decimals: z.number().default(0),
  /** Address increment between points of a batch; kept on the point. */
  step: z.number().int().min(1).max(65_535).default(1),
  description: multiLineText.max(1024).default(''),
});
export type MonitorPointFields = z.input<typeof monitorPointFields>;

export const monitorAddBody = monitorPointFields.extend({ id: z.number().int().positive() });
export type MonitorAddBody = z.input<typeof monitorAddBody>;
/** As a route receives it (defaults applied, text coerced). */
export type MonitorAddBodyParsed = z.output<typeof monitorAddBody>;

/**
 * Adds `count` (2-100) points named `name` + 1 ... `name` + count, the n-th at address
 * `address` + (n - 1) * step (the trailing number of the address steps, keeping its width).
 */
export const monitorBatchAddBody = monitorAddBody.extend({ count: z.number() });
export type MonitorBatchAddBody = z.input<typeof monitorBatchAddBody>;
/** As a route receives it (defaults applied, text coerced). */
export type MonitorBatchAddBodyParsed = z.output<typeof monitorBatchAddBody>;

/** Replaces every field of one point of the device. */
export const monitorEditBody = monitorAddBody.extend({ point_id: z.number().int().positive() });
export type MonitorEditBody = z.input<typeof monitorEditBody>;
/** As a route receives it (defaults applied, text coerced). */
export type MonitorEditBodyParsed = z.output<typeof monitorEditBody>;

export const monitorDeleteBody = z.object({
  id: z.number().int().positive(),
  point_ids: z.array(z.number().int().positive()).min(1).max(500),
});
export type MonitorDeleteBody = z.infer<typeof monitorDeleteBody>;

/** One row of the monitor: a template tag (`source: 'template'`) or a point of the device. */
export const monitorTag = z.object({
  tag_id: z.number().int(),
  source: z.enum(['template', 'point']),
  /** The point's id (edit, delete); null for template tags. */
  point_id: z.number().int().nullable(),
  name: z.string(),
  data_type: z.number().int(),
  rw: z.number().int(),
  address: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  description: z.string(),
  link: z.string(),
  plc_vendor: z.string(),
  plc_name: z.string(),
  station: z.number().int(),
  component_type: z.string(),
  length: z.number().int(),
  step: z.number().int(),
  /** The config version that contains the tag as it is now. */
  config_version: z.number().int(),
  config_status: z.enum(monitorConfigStatuses),
  updated_at: z.number().int().nullable(),
});
export type MonitorTag = z.infer<typeof monitorTag>;

export const monitorListReply = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  /** 0 offline, 1 online. */
  online: z.number().int(),
  /** 0 pending sync, 1 synced. */
  sync_state: z.number().int(),
  config_version: z.number().int(),
  acked_version: z.number().int(),
  /** The device's TAG limit and its TAG count (template tags + points). */
  tag_limit: z.number().int(),
  tag_count: z.number().int(),
  /** Template tags in template order, then points in the order they were added (the socket's order). */
  tags: z.array(monitorTag),
});
export type MonitorListReply = z.infer<typeof monitorListReply>;

export const monitorBatchReply = z.object({ count: z.number().int(), points: z.array(monitorTag) });
export type MonitorBatchReply = z.infer<typeof monitorBatchReply>;

export const monitorDeleteReply = z.object({ count: z.number().int() });
export type MonitorDeleteReply = z.infer<typeof monitorDeleteReply>;

/** The addresses of a batch: the trailing number of `address` stepped by `step`; null when it has none. */
export function steppedAddresses(address: string, count: number, step: number): string[] | null {
  const m = /^(.*?)(\d+)$/.exec(address.trim());
  if (!m) return null;
  const [, head = '', digits = ''] = m;
  const start = Number(digits);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(head + String(start + i * step).padStart(digits.length, '0'));
  return out;
}

/** The names of a batch: prefix + 1 ... prefix + count. */
export const numberedNames = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix.trim()}${i + 1}`);
