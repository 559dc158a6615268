import { z } from 'zod';
import { deviceKindSchema, deviceSecretSchema, serialNumberSchema } from '../protocol/index.ts';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the device calls (device list, bind, edit, unbind, move, labels, template,
 * overview). Paths are relative to API_BASE. Ids travel as integers; a list of ids is checked id
 * by id against the caller's team and data permissions (an id outside it is 1003, or the
 * specific code named on the call). Names and other texts are trimmed and follow the free-text
 * rule (validateFreeText; the remark may hold line breaks).
 */
export const DevicePaths = {
  list: '/device/list', // GET  deviceListQuery -> deviceListReply              (view 2)
  overview: '/device/overview', // GET -> deviceOverview                          (view 2)
  detail: '/device/detail', // GET ?id= -> deviceDetail                         (view 2)
  bind: '/device/bind', // POST deviceBindBody -> deviceDetail                  (bind 3)
  edit: '/device/edit', // POST deviceEditBody -> deviceDetail                  (edit 4)
  move: '/device/move', // POST deviceMoveBody -> deviceBulkReply               (edit 4)
  labels: '/device/labels', // POST deviceLabelsBody -> deviceBulkReply         (edit 4)
  template: '/device/template', // POST deviceTemplateBody -> deviceBulkReply   (edit 4)
  unbind: '/device/unbind', // POST deviceIdsBody -> deviceBulkReply            (delete 5)
} as const;

/**
 * How a device came into the team. 1: bound by a user with its SN and PIN (the device secret),
 * the only way today. The spec reads bindType 2 for billing messages in region cn; 2 is kept
 * for that other way of binding (not implemented yet).
 */
export const BindType = { SnPin: 1, Other: 2 } as const;
export type BindType = (typeof BindType)[keyof typeof BindType];

export const idSchema = z.coerce.number().int().positive();
export const idQuery = z.object({ id: idSchema });
export type IdQuery = z.infer<typeof idQuery>;
/** A list of ids of a bulk call: 1 to 500, duplicates removed by the server. */
export const idListSchema = z.array(z.number().int().positive()).min(1).max(500);

/** Device sort keys of the list. */
export const deviceSortKeys = ['name', 'sn', 'online', 'created'] as const;
export type DeviceSortKey = (typeof deviceSortKeys)[number];

const flagQuery = z.coerce.number().int().min(0).max(1);

export const deviceListQuery = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  /** Matches the name or the SN, case-insensitively, anywhere in the text. */
  search: singleLineText.max(64).optional(),
  /** The group and all its subgroups. */
  group_id: idSchema.optional(),
  label_id: idSchema.optional(),
  /** 0 offline, 1 online. */
  online: flagQuery.optional(),
  /** 0 pending sync, 1 synced. */
  sync_state: flagQuery.optional(),
  /** 1 devices with an active (not recovered) alarm, 0 devices without one. */
  alarm: flagQuery.optional(),
  model: singleLineText.max(128).optional(),
  template_id: idSchema.optional(),
  sort: z.enum(deviceSortKeys).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type DeviceListQuery = z.input<typeof deviceListQuery>;
/** As a route receives it (defaults applied, text coerced). */
export type DeviceListQueryParsed = z.output<typeof deviceListQuery>;

export const labelRef = z.object({ id: z.number().int(), name: z.string() });
export type LabelRef = z.infer<typeof labelRef>;

/** One row of the device list: the columns of SPEC section 3. */
export const deviceListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  kind: deviceKindSchema,
  model: z.string(),
  firmware: z.string(),
  /** null = no group. */
  group_id: z.number().int().nullable(),
  /** Names from the root group down to the device's group; show with formatGroupPath(). [] = none. */
  group_path: z.array(z.string()),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  address: z.string(),
  remark: z.string(),
  hmi_sn: z.string(),
  gateway_sn: z.string(),
  /** 0 offline, 1 online. */
  online: z.number().int(),
  /** 0 pending sync, 1 synced. */
  sync_state: z.number().int(),
  labels: z.array(labelRef),
  /** ms; null = never seen. */
  last_seen_at: z.number().int().nullable(),
  bound_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;

export const deviceListReply = z.object({
  list: z.array(deviceListItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type DeviceListReply = z.infer<typeof deviceListReply>;

/** One device with what only the detail shows. */
export const deviceDetail = deviceListItem.extend({
  /** See BindType: 1 = bound by SN + PIN. */
  bindType: z.number().int(),
  ip: z.string(),
  /** Version of the config last published to the device, and the one it acknowledged. */
  config_version: z.number().int(),
  acked_version: z.number().int(),
  /** Seconds, as the device announced on connecting (0 = unknown). */
  keepalive: z.number().int(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/**
 * Device summary: `alarm` is the number of bound devices with an active alarm (0 until the alarm
 * engine exists), `last` the time of the most recent device activity in ms (null = none).
 */
export const deviceOverview = z.object({
  alarm: z.number().int(),
  last: z.number().int().nullable(),
  offline: z.number().int(),
  online: z.number().int(),
  total: z.number().int(),
});
export type DeviceOverview = z.infer<typeof deviceOverview>;

/**
 * Bind: the device's SN and PIN (its secret), a name (device name rule of SPEC section 5,
 * failures are 1006 with data.fields[0] = { path: 'name', message: i18n key, params }), and
 * optionally group, template, address, remark and labels.
 * Codes: 1025 wrong PIN, 1028 unknown SN, 1102 already bound, 1034 name exists in the team,
 * 1027 group not the team's, 1029 template not the team's, 1003 label not the team's.
 */
export const deviceBindBody = z.object({
  sn: serialNumberSchema,
  pin: deviceSecretSchema,
  /** Validated by the server with validateDeviceName (answers 1006 with the key). */
  name: singleLineText.max(64),
  group_id: z.number().int().positive().nullable().optional(),
  template_id: z.number().int().positive().nullable().optional(),
  address: singleLineText.max(255).optional(),
  remark: multiLineText.max(255).optional(),
  label_ids: z.array(z.number().int().positive()).max(10).optional(),
});
export type DeviceBindBody = z.input<typeof deviceBindBody>;
/** As a route receives it (defaults applied, text coerced). */
export type DeviceBindBodyParsed = z.output<typeof deviceBindBody>;

/** Edit: only the fields sent change. group_id / template_id null = none (template: publishes config). */
export const deviceEditBody = z.object({
  id: z.number().int().positive(),
  name: singleLineText.max(64).optional(),
  address: singleLineText.max(255).optional(),
  remark: multiLineText.max(255).optional(),
  group_id: z.number().int().positive().nullable().optional(),
  template_id: z.number().int().positive().nullable().optional(),
});
export type DeviceEditBody = z.input<typeof deviceEditBody>;

export const deviceIdsBody = z.object({ ids: idListSchema });
export type DeviceIdsBody = z.infer<typeof deviceIdsBody>;

/** Move devices to a group (null = no group); 1027 when the group is not the team's. */
export const deviceMoveBody = z.object({
  ids: idListSchema,
  group_id: z.number().int().positive().nullable(),
});
export type DeviceMoveBody = z.infer<typeof deviceMoveBody>;

/**
 * Labels of devices: `set` replaces them, `add` and `remove` change them. A device may carry at
 * most 10 labels: over it is 1006 with the key validation.label.tooManySelected ({ max: 10 }).
 */
export const deviceLabelsBody = z.object({
  ids: idListSchema,
  label_ids: z.array(z.number().int().positive()).max(50),
  mode: z.enum(['set', 'add', 'remove']).default('set'),
});
export type DeviceLabelsBody = z.input<typeof deviceLabelsBody>;
/** As a route receives it (defaults applied, text coerced). */
export type DeviceLabelsBodyParsed = z.output<typeof deviceLabelsBody>;

/** Assigns a template (null = none) and publishes the devices' config; 1029 when not the team's. */
export const deviceTemplateBody = z.object({
  ids: idListSchema,
  template_id: z.number().int().positive().nullable(),
});
export type DeviceTemplateBody = z.infer<typeof deviceTemplateBody>;

/** Reply of bulk calls: how many devices changed. */
export const deviceBulkReply = z.object({ count: z.number().int() });
export type DeviceBulkReply = z.infer<typeof deviceBulkReply>;
