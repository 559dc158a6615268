import { z } from 'zod';
import { AlarmLevel, alarmTypeFlags } from '../constants/alarm.constants.ts';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of alarm management (issue 6; SPEC sections 3, 4, 5, 7). Paths are relative to
 * API_BASE. Rule and group management, the alarm record screens and acknowledging need the
 * alarm permission (Perm.DeviceAlarm, 44); rules also need the template in the caller's template
 * data scope (1029 otherwise), records the device in the device data scope. The alarm message
 * list and its export (SPEC section 7 paths) are open to every signed-in user, limited to the
 * devices of their data scope.
 *
 * Codes: 1085 alarm group name exists, 1088 alarm name exists in the template, 1090 the template
 * has 300 rules already (also when an import would pass 300), 1006 a bad field (the reply's
 * `data` carries the field errors, see alarmFieldError), 1029 template not visible,
 * 1003 rule, group or record id not the team's.
 */
export const AlarmPaths = {
  groupList: '/alarm/group/list', // GET -> alarmGroupListReply                         (alarm 44)
  groupAdd: '/alarm/group/add', // POST alarmGroupAddBody -> alarmGroup                 (alarm 44)
  groupEdit: '/alarm/group/edit', // POST alarmGroupEditBody -> alarmGroup              (alarm 44)
  groupDelete: '/alarm/group/delete', // POST idBody -> null (its rules keep no group)   (alarm 44)

  ruleList: '/alarm/rule/list', // GET alarmRuleListQuery -> alarmRuleListReply         (alarm 44)
  ruleAdd: '/alarm/rule/add', // POST alarmRuleInput -> alarmRule                       (alarm 44)
  ruleEdit: '/alarm/rule/edit', // POST alarmRuleEditBody -> alarmRule                  (alarm 44)
  ruleDelete: '/alarm/rule/delete', // POST alarmIdsBody -> null                        (alarm 44)
  /** multipart/form-data: `template_id` field and one `file` (.xls/.xlsx, AlarmImportLimits.maxBytes). */
  ruleImport: '/alarm/rule/import', // POST -> alarmImportReply, or 1006 with alarmImportErrors (alarm 44)
  ruleExport: '/alarm/rule/export', // GET ?template_id= -> xlsx                        (alarm 44)
  ruleImportTemplate: '/alarm/rule/import-template', // GET ?lang= -> xlsx with column notes (alarm 44)

  recordList: '/alarm/record/list', // GET alarmRecordQuery -> alarmRecordListReply     (alarm 44)
  recordAck: '/alarm/record/ack', // POST alarmAckBody -> alarmAckReply                  (alarm 44)
  /** 0/1 alarm status of each tag of a device (data monitor). */
  deviceStatus: '/alarm/device/status', // GET ?device_id= -> alarmDeviceStatus          (monitor 47)

  /** SPEC section 7: the alarm message list of the message centre. */
  messageList: '/alarm/template/web/message/list', // GET alarmRecordQuery -> alarmRecordListReply (signed in)
  /** SPEC section 7: export of that list as xlsx; `tz` = the browser's offset from UTC in hours. */
  askAlarms: '/alarm/template/web/AskAlarms', // POST alarmExportBody -> xlsx           (signed in)
} as const;

export const AlarmLimits = {
  /** SPEC section 9. */
  maxRulesPerTemplate: 300,
  importRows: 300,
  exportRows: 10_000,
  /** Largest import file accepted. */
  maxImportBytes: 2 * 1024 * 1024,
  nameMax: 64,
  groupNameMax: 32,
  contentMax: 255,
  /** The responder's comment of an acknowledgement. */
  ackCommentMax: 200,
} as const;

export const alarmLevelSchema = z.literal(Object.values(AlarmLevel));
export const alarmTypeSchema = z.literal(alarmTypeFlags);
/** Values are decimal text so INT64/UINT64 limits stay exact (SPEC section 5 checks them by tag type). */
const numberText = z.union([singleLineText.max(64), z.number().finite().transform(String)]);

export const alarmGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  rule_count: z.number().int(),
});
export type AlarmGroup = z.infer<typeof alarmGroup>;
export const alarmGroupListReply = z.object({ list: z.array(alarmGroup) });
export type AlarmGroupListReply = z.infer<typeof alarmGroupListReply>;
const groupName = singleLineText.min(1).max(AlarmLimits.groupNameMax);
export const alarmGroupAddBody = z.object({ name: groupName });
export const alarmGroupEditBody = z.object({ id: z.number().int().positive(), name: groupName });
export const alarmIdsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });
export type AlarmIdsBody = z.infer<typeof alarmIdsBody>;

/**
 * Acknowledge records, optionally with a comment of the responder (one line of free text, at
 * most AlarmLimits.ackCommentMax characters; trimmed, empty = none). The comment is kept with
 * each record acknowledged now; records acknowledged before keep theirs.
 */
export const alarmAckBody = alarmIdsBody.extend({
  comment: singleLineText.max(AlarmLimits.ackCommentMax).optional(),
});
export type AlarmAckBody = z.input<typeof alarmAckBody>;

/**
 * One alarm rule. `content` is the message text; `{device}`, `{tag}`, `{value}`, `{name}` and
 * `{time}` are replaced when the alarm is raised. `deadband` (>= 0, optional) keeps a limit or
 * deviation alarm raised until the value is back past the limit by more than the deadband.
 * Limit alarms use `value`; deviation alarms use `target` and `deviation` (|value - target| >
 * deviation for LargeDeviation, < deviation for SmallDeviation); on/off alarms use `value`
 * (1 for On, 0 for Off).
 */
export const alarmRule = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  name: z.string(),
  level: alarmLevelSchema,
  tag_id: z.number().int(),
  tag_name: z.string(),
  type: alarmTypeSchema,
  value: z.string(),
  target: z.string().nullable(),
  deviation: z.string().nullable(),
  deadband: z.string().nullable(),
  content: z.string(),
  updated_at: z.number().int(),
});
export type AlarmRule = z.infer<typeof alarmRule>;

export const alarmRuleInput = z.object({
  template_id: z.number().int().positive(),
  group_id: z.number().int().positive().nullable().default(null),
  name: singleLineText.min(1).max(AlarmLimits.nameMax),
  level: alarmLevelSchema,
  tag_id: z.number().int().positive(),
  type: alarmTypeSchema,
  value: numberText.default('0'),
  target: numberText.nullable().default(null),
  deviation: numberText.nullable().default(null),
  deadband: numberText.nullable().default(null),
  content: multiLineText.max(AlarmLimits.contentMax).default(''),
});
export type AlarmRuleInput = z.input<typeof alarmRuleInput>;
/** As a route receives it (defaults applied, text coerced). */
export type AlarmRuleInputParsed = z.output<typeof alarmRuleInput>;
export const alarmRuleEditBody = alarmRuleInput
  .omit({ template_id: true })
  .extend({ id: z.number().int().positive() });
export type AlarmRuleEditBody = z.input<typeof alarmRuleEditBody>;
/** As a route receives it (defaults applied, text coerced). */
export type AlarmRuleEditBodyParsed = z.output<typeof alarmRuleEditBody>;

export const alarmRuleListQuery = z.object({
  template_id: z.coerce.number().int().positive(),
  group_id: z.coerce.number().int().positive().optional(),
  search: singleLineText.max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(300).default(20),
});
export type AlarmRuleListQuery = z.input<typeof alarmRuleListQuery>;
/** As a route receives it (defaults applied, text coerced). */
export type AlarmRuleListQueryParsed = z.output<typeof alarmRuleListQuery>;
export const alarmRuleListReply = z.object({
  list: z.array(alarmRule),
  total: z.number().int(),
  /** Rules of the whole template, and its limit (300). */
  count: z.number().int(),
  max: z.number().int(),
});
export type AlarmRuleListReply = z.infer<typeof alarmRuleListReply>;

/** One field error (1006 `data` of add/edit, and per row of an import): an i18n key and its params. */
export const alarmFieldError = z.object({
  field: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type AlarmFieldError = z.infer<typeof alarmFieldError>;
/** 1006 `data` of an import: every bad row with its 1-based row number in the sheet. */
export const alarmImportErrors = z.object({
  rows: z.array(z.object({ row: z.number().int(), errors: z.array(alarmFieldError) })),
});
export type AlarmImportErrors = z.infer<typeof alarmImportErrors>;
export const alarmImportReply = z.object({ imported: z.number().int(), groups_created: z.number().int() });
export type AlarmImportReply = z.infer<typeof alarmImportReply>;

/** A template id sent as text (a query string, a multipart field). */
const templateIdText = z.coerce.number().int().positive();
/** The fields of the import's multipart form besides its `file`. */
export const alarmImportFields = z.object({ template_id: templateIdText });
export const alarmRuleExportQuery = z.object({ template_id: templateIdText });
/** Any language tag; an unknown one falls back like every locale (resolveLocale). */
export const alarmImportTemplateQuery = z.object({ lang: singleLineText.max(16).optional() });

/** An alarm record (SPEC: state 1 alarm, 2 response, 4 recovery). */
export const alarmRecord = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  rule_id: z.number().int().nullable(),
  rule_name: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  tag_id: z.number().int(),
  tag_name: z.string(),
  level: alarmLevelSchema,
  type: alarmTypeSchema,
  state: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  /** The rendered content. */
  content: z.string(),
  value: z.string(),
  last_value: z.string(),
  /** Times raised while this record was open (re-entering the condition inside the deadband). */
  times: z.number().int(),
  raised_at: z.number().int(),
  acked_at: z.number().int().nullable(),
  acked_by: z.string().nullable(),
  /** The responder's comment when acknowledging, null when none. */
  ack_comment: z.string().nullable(),
  recovered_at: z.number().int().nullable(),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

export const alarmRecordQuery = z.object({
  device_id: z.coerce.number().int().positive().optional(),
  group_id: z.coerce.number().int().positive().optional(),
  /** A mask of levels (1 | 2 | 4 | 8 | 16); 0 or absent = all. */
  level: z.coerce.number().int().min(0).max(31).optional(),
  /** 0 all (the message filter), 1 alarm, 2 response, 4 recovery. */
  state: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]))
    .default(0),
  /** Only open records (state 1 or 2, not recovered). */
  active: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** raised_at window, ms since the epoch. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  search: singleLineText.max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type AlarmRecordQuery = z.input<typeof alarmRecordQuery>;
export const alarmRecordListReply = z.object({ list: z.array(alarmRecord), total: z.number().int() });
export type AlarmRecordListReply = z.infer<typeof alarmRecordListReply>;
export const alarmAckReply = z.object({ acked: z.number().int() });
export type AlarmAckReply = z.infer<typeof alarmAckReply>;

/** POST AskAlarms: the filters of the list plus the caller's offset from UTC in hours (e.g. 8, -5, 5.5). */
export const alarmExportBody = alarmRecordQuery.omit({ page: true, page_size: true }).extend({
  tz: z.coerce.number().min(-14).max(14).default(0),
});
export type AlarmExportBody = z.input<typeof alarmExportBody>;

export const alarmDeviceStatusQuery = z.object({ device_id: z.coerce.number().int().positive() });

export const alarmDeviceStatus = z.object({
  device_id: z.number().int(),
  /** tag id -> 1 while an alarm of that tag is open, 0 otherwise (every tag of the device). */
  tags: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
});
export type AlarmDeviceStatus = z.infer<typeof alarmDeviceStatus>;
