import { z } from 'zod';
import { readWriteTypeSchema, tagDataTypeSchema } from '../constants/tag-types.constants.ts';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the single-device template calls (/device/templatelist). Paths are relative to
 * API_BASE. Codes: 1030 name exists in the team, 1033 the team's template limit
 * (template_max_num) reached, 1037 devices use the template, 1029 template id not the team's
 * or outside the caller's template data permissions. Texts follow the free-text rule
 * (validateFreeText); descriptions may hold line breaks.
 */
export const TemplatePaths = {
  list: '/template/list', // GET templateListQuery -> templateListReply   (view 8)
  detail: '/template/detail', // GET ?id= -> templateDetail              (view 8)
  add: '/template/add', // POST templateAddBody -> templateDetail          (add 9)
  copy: '/template/copy', // POST templateCopyBody -> templateDetail       (copy 10)
  edit: '/template/edit', // POST templateEditBody -> templateDetail       (edit 11)
  delete: '/template/delete', // POST templateDeleteBody -> null         (delete 12)
} as const;

export const templateTypes = ['local', 'global'] as const;
export const templateTypeSchema = z.enum(templateTypes);
export type TemplateType = z.infer<typeof templateTypeSchema>;

const templateName = singleLineText.min(1).max(64);

/**
 * The shape of a device's tag, declared once: a template's tags, a device's own monitor points
 * seen as tags, the server's tag rows and the web's tag editor rows all use these fields.
 */
export const tagFields = z.object({
  name: z.string(),
  /** 0 BOOL ... 9 STRING (TagDataType). */
  data_type: z.number().int(),
  /** 0 read, 1 write, 2 read-write (ReadWriteType). */
  rw: z.number().int(),
  address: z.string(),
  unit: z.string(),
  decimals: z.number().int(),
  description: z.string(),
});
export type TagFields = z.infer<typeof tagFields>;

/** One tag of a template. `id` is the tag id devices use in `data` and `config`; it survives edits. */
export const templateTag = z.object({ id: z.number().int(), ...tagFields.shape });
export type TemplateTag = z.infer<typeof templateTag>;

/** A tag as sent on add/edit: with `id` it updates that tag, without it adds one; missing tags are removed. */
export const templateTagInput = z.object({
  id: z.number().int().positive().optional(),
  name: singleLineText.min(1).max(255),
  data_type: tagDataTypeSchema,
  rw: readWriteTypeSchema.default(2),
  address: singleLineText.max(255).default(''),
  unit: singleLineText.max(32).default(''),
  decimals: z.number().int().min(0).max(14).default(0),
  description: multiLineText.max(1024).default(''),
});
export type TemplateTagInput = z.input<typeof templateTagInput>;

export const templateListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: singleLineText.max(64).optional(),
  /** `?templateid=` of the URL: only that template (an empty list when not visible). */
  templateid: z.coerce.number().int().positive().optional(),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;
/** As a route receives it (defaults applied, text coerced). */
export type TemplateListQueryParsed = z.output<typeof templateListQuery>;

export const templateItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: templateTypeSchema,
  data_center: z.string(),
  hmi_model: z.string(),
  default_value: z.string(),
  description: z.string(),
  /** Increases on every edit; devices acknowledge it through config/ack. */
  version: z.number().int(),
  device_count: z.number().int(),
  tag_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /**
   * Beyond the team's template allowance since a Cloud Application card expired (docs/api.md,
   * Billing, Locks): using it (edit, copy, assigning it, writes and data collection of its
   * devices) is 1052 until a card restores it.
   */
  locked: z.boolean(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const templateListReply = z.object({
  list: z.array(templateItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The team's limit (template_max_num) and how many templates the team has. */
  max: z.number().int(),
  count: z.number().int(),
});
export type TemplateListReply = z.infer<typeof templateListReply>;

export const templateDetail = templateItem.extend({ tags: z.array(templateTag) });
export type TemplateDetail = z.infer<typeof templateDetail>;

const tagList = z
  .array(templateTagInput)
  .max(10_000)
  .refine((tags) => new Set(tags.map((t) => t.name)).size === tags.length, {
    message: 'tag names must be unique',
  });

export const templateAddBody = z.object({
  name: templateName,
  type: templateTypeSchema.default('local'),
  /** Defaults to the server's region. */
  data_center: singleLineText.max(64).optional(),
  hmi_model: singleLineText.max(128).default(''),
  default_value: singleLineText.max(1024).default(''),
  description: multiLineText.max(1024).default(''),
  tags: tagList.default([]),
});
export type TemplateAddBody = z.input<typeof templateAddBody>;
/** As a route receives it (defaults applied, text coerced). */
export type TemplateAddBodyParsed = z.output<typeof templateAddBody>;

/** Copies a template and its tags under a new name (new tag ids). */
export const templateCopyBody = z.object({ id: z.number().int().positive(), name: templateName });
export type TemplateCopyBody = z.infer<typeof templateCopyBody>;

/**
 * Edit: only the fields sent change; `tags`, when sent, is the whole new tag list. Any change
 * bumps the version, republishes the config of the template's devices and sets their sync
 * state to 0 until they acknowledge.
 */
export const templateEditBody = z.object({
  id: z.number().int().positive(),
  name: templateName.optional(),
  type: templateTypeSchema.optional(),
  hmi_model: singleLineText.max(128).optional(),
  default_value: singleLineText.max(1024).optional(),
  description: multiLineText.max(1024).optional(),
  tags: tagList.optional(),
});
export type TemplateEditBody = z.input<typeof templateEditBody>;
/** As a route receives it (defaults applied, text coerced). */
export type TemplateEditBodyParsed = z.output<typeof templateEditBody>;

export const templateDeleteBody = z.object({ id: z.number().int().positive() });
export type TemplateDeleteBody = z.infer<typeof templateDeleteBody>;
