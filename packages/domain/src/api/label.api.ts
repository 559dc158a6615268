import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the device label calls. Paths are relative to API_BASE. Labels belong to the
 * team: 1-50 characters, unique, at most 50 per team. Rule failures are 1006 with
 * data.fields[0] = { path: 'name', message: i18n key (validation.label.*), params }.
 */
export const LabelPaths = {
  list: '/device/label/list', // GET -> labelListReply                  (device view 2)
  add: '/device/label/add', // POST labelAddBody -> labelItem           (device edit 4)
  rename: '/device/label/rename', // POST labelRenameBody -> labelItem  (device edit 4)
  delete: '/device/label/delete', // POST labelDeleteBody -> null       (device edit 4; removes it from devices)
} as const;

const labelName = singleLineText.max(200);

export const labelItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Devices carrying the label (visible to the caller). */
  device_count: z.number().int(),
  created_at: z.number().int(),
});
export type LabelItem = z.infer<typeof labelItem>;

/** The team's labels in name order, and the team limit (50). */
export const labelListReply = z.object({ list: z.array(labelItem), max: z.number().int() });
export type LabelListReply = z.infer<typeof labelListReply>;

/** The name is validated with validateLabelName / validateLabelAdd on the server. */
export const labelAddBody = z.object({ name: labelName });
export type LabelAddBody = z.infer<typeof labelAddBody>;

export const labelRenameBody = z.object({ id: z.number().int().positive(), name: labelName });
export type LabelRenameBody = z.infer<typeof labelRenameBody>;

export const labelDeleteBody = z.object({ id: z.number().int().positive() });
export type LabelDeleteBody = z.infer<typeof labelDeleteBody>;
