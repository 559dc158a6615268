import { z } from 'zod';
import { multiLineText, singleLineText } from '../validation/free-text.validation.ts';
import { settagValue } from './settag.api.ts';

/**
 * Contract of the multi-device project calls (/device/projectlist; issue 26). A project belongs
 * to one team, has a name unique in the team (1092), a description, the devices it uses and its
 * screens (versioned JSON documents, scada/screen-document.ts). A screen binds only devices of
 * its project (1089); taking a device out of a project, or unbinding it from the team, while a
 * screen binds it is 1091 with `data.where` naming the screens. Sub-accounts see and open only
 * the projects their role or their own grants hold (projectlist data-pm 41 hands them out);
 * a project of another team or outside the caller's grants is 1003. Projects lock like
 * templates (1052): with a Cloud Application allowance of A, the A most recently created
 * projects are usable; a locked project is read-only.
 */
export const ProjectPaths = {
  list: '/project/list', // GET projectListQuery -> projectListReply              (view 39)
  detail: '/project/detail', // GET projectIdQuery -> projectDetail               (view 39)
  add: '/project/add', // POST projectAddBody -> projectDetail                     (add 40)
  edit: '/project/edit', // POST projectEditBody -> projectDetail                  (edit 42)
  delete: '/project/delete', // POST projectIdBody -> null                         (delete 43)
  devices: '/project/devices', // POST projectDevicesBody -> projectDetail         (edit 42; 1091)
  screen: '/project/screen', // GET screenIdQuery -> projectScreen                 (view 39)
  screenAdd: '/project/screen/add', // POST screenAddBody -> projectScreen         (edit 42; 1089)
  screenSave: '/project/screen/save', // POST screenSaveBody -> projectScreen      (edit 42; 1089, version)
  screenDelete: '/project/screen/delete', // POST screenIdBody -> null             (edit 42)
  // The runtime (/scada): a widget's write, resolved on the server from the stored screen.
  write: '/project/screen/write', // POST screenWriteBody -> screenWriteReply     (view 39 + device edit 4 or hmi 6)
} as const;

/** Project names: 1-64 characters of one line, unique in the team (1092, case-insensitive). */
export const projectName = singleLineText.min(1).max(64);
export const screenName = singleLineText.min(1).max(64);
const description = multiLineText.max(500);
const id = z.number().int().positive();
const deviceIds = z.array(id).max(200);

export const projectListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: singleLineText.max(64).optional(),
  /** `?projectid=` of the URL: only that project (an empty list when not visible). */
  projectid: z.coerce.number().int().positive().optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuery>;
export type ProjectListQueryParsed = z.output<typeof projectListQuery>;

export const projectItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  device_count: z.number().int(),
  screen_count: z.number().int(),
  created_at: z.number().int(),
  /** The last change of the project, its devices or a screen. */
  updated_at: z.number().int(),
  /** Beyond the team's Cloud Application allowance: read-only until a card is activated (1052). */
  locked: z.boolean(),
});
export type ProjectItem = z.infer<typeof projectItem>;

export const projectListReply = z.object({
  list: z.array(projectItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ProjectListReply = z.infer<typeof projectListReply>;

/** A device of a project as the caller may see it (`visible` false: outside their data permissions). */
export const projectDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  online: z.number().int(),
  visible: z.boolean(),
});
export type ProjectDevice = z.infer<typeof projectDevice>;

export const projectScreenSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  updated_at: z.number().int(),
});
export type ProjectScreenSummary = z.infer<typeof projectScreenSummary>;

export const projectDetail = projectItem.extend({
  devices: z.array(projectDevice),
  screens: z.array(projectScreenSummary),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const projectIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const projectIdBody = z.object({ id });
export type ProjectIdBody = z.infer<typeof projectIdBody>;

export const projectAddBody = z.object({
  name: projectName,
  description: description.optional(),
  device_ids: deviceIds.optional(),
});
export type ProjectAddBody = z.infer<typeof projectAddBody>;

export const projectEditBody = z.object({
  id,
  name: projectName.optional(),
  description: description.optional(),
});
export type ProjectEditBody = z.infer<typeof projectEditBody>;

/** The project's whole device set (added and removed at once). */
export const projectDevicesBody = z.object({ id, device_ids: deviceIds });
export type ProjectDevicesBody = z.infer<typeof projectDevicesBody>;

/** `data` of a 1091: the devices still bound and the screens binding each. */
export const deviceInConfiguration = z.object({
  where: z.array(
    z.object({
      device_id: z.number().int(),
      project_id: z.number().int(),
      project: z.string(),
      screens: z.array(z.string()),
    }),
  ),
});
export type DeviceInConfiguration = z.infer<typeof deviceInConfiguration>;

export const screenIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const screenIdBody = z.object({ id });

/** A screen's document travels as JSON and is checked by the server (migrated forward, then the current schema). */
const documentJson = z.unknown();

export const screenAddBody = z.object({
  project_id: id,
  name: screenName,
  /** Omitted: an empty 1920x1080 screen. */
  document: documentJson.optional(),
});
export type ScreenAddBody = z.infer<typeof screenAddBody>;

/**
 * Saves a screen over `version`, the version the editor loaded: when another save came first the
 * reply is 1006 `validation.screen.versionConflict` with `{ version }` of the stored one, and
 * nothing is written.
 */
export const screenSaveBody = z.object({
  id,
  version: z.number().int().min(1),
  name: screenName.optional(),
  document: documentJson,
});
export type ScreenSaveBody = z.infer<typeof screenSaveBody>;

export const projectScreen = projectScreenSummary.extend({
  project_id: z.number().int(),
  /** The current screen document (scada/screen-document.ts). */
  document: z.record(z.string(), z.unknown()),
});
export type ProjectScreen = z.infer<typeof projectScreen>;

/**
 * A press or an input of a running screen's widget. The server reads the binding and the action
 * from the stored screen (never from the request): `action` is the index of one of the widget's
 * actions (set, toggle, momentary press / release); without it, `value` is written to the
 * widget's own binding (numeric and text inputs, switches). Allowed when the caller may view the
 * project (39) and operate the device: device edit 4 or hmi 6, the device in its data
 * permissions, the device's zone and the widget's zone held (1002 otherwise). The write goes the
 * settag way (1038 offline, 2002 template not synced, 1006 value rules, 1052 locked).
 */
export const screenWriteBody = z.object({
  screen_id: id,
  widget_id: singleLineText.min(1).max(40),
  action: z.number().int().min(0).max(15).optional(),
  /** `momentary`: the press (true) or the release (false). */
  pressed: z.boolean().optional(),
  value: settagValue.optional(),
});
export type ScreenWriteBody = z.infer<typeof screenWriteBody>;

export const screenWriteReply = z.object({
  device_id: z.number().int(),
  tag_id: z.number().int(),
  /** The value as written (BOOL as 0/1). */
  value: z.union([z.number(), z.string(), z.null()]),
  at: z.number().int(),
});
export type ScreenWriteReply = z.infer<typeof screenWriteReply>;
