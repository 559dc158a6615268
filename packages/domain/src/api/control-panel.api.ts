import { z } from 'zod';
import { regionSchema } from '../constants/regions.constants.ts';
import { alarmRecord } from './alarm.api.ts';
import { deviceConnectionEvent } from './device-connection.api.ts';
import { deviceOverview } from './device.api.ts';

/**
 * Contract of the control panel (/operations/controlpanel, issue 16). SPEC section 7 names no
 * call for it; the device summary keeps the spec's field names (section 3: alarm, last, offline,
 * online, total; the global summary adds regions). Everything is read in the caller's data scope.
 */
export const ControlPanelPaths = {
  summary: '/operations/controlpanel/summary', // GET -> controlPanelSummary          (controlpanel-view 46)
} as const;

/** How many rows each list of the panel carries (the full list is one click away). */
export const ControlPanelLimits = { alarms: 20, changes: 10, top: 5, offline: 10, outOfSync: 10 } as const;

/** Devices summary as the device overview has it; `last` = time of the most recent state change. */
export const deviceSummary = deviceOverview;
export type DeviceSummary = z.infer<typeof deviceSummary>;

/**
 * One region of an account with several data centers. This server holds the data of its own
 * region only: `summary` is null for a region served by another regional stack.
 */
export const regionSummary = z.object({ region: regionSchema, summary: deviceSummary.nullable() });
export type RegionSummary = z.infer<typeof regionSummary>;

export const panelDeviceRef = z.object({ device_id: z.number().int(), device_name: z.string() });

export const panelStateChange = panelDeviceRef.extend({
  online: deviceConnectionEvent.shape.online,
  reason: deviceConnectionEvent.shape.reason,
  at: z.number().int(),
});
export type PanelStateChange = z.infer<typeof panelStateChange>;

export const panelAlarm = alarmRecord.pick({
  id: true,
  device_id: true,
  device_name: true,
  rule_name: true,
  tag_name: true,
  level: true,
  content: true,
  value: true,
  times: true,
  raised_at: true,
  acked_at: true,
});
export const panelActiveAlarm = panelAlarm.extend({ state: z.union([z.literal(1), z.literal(2)]) });
export type PanelActiveAlarm = z.infer<typeof panelActiveAlarm>;

export const panelAlarmDevice = panelDeviceRef.extend({ count: z.number().int() });
export type PanelAlarmDevice = z.infer<typeof panelAlarmDevice>;

/** `since`: when the device was last seen (null: never seen since it was bound, then bound_at). */
export const panelOfflineDevice = panelDeviceRef.extend({ since: z.number().int().nullable() });
export type PanelOfflineDevice = z.infer<typeof panelOfflineDevice>;

export const panelOutOfSyncDevice = panelDeviceRef.extend({
  template_id: z.number().int(),
  template_name: z.string(),
});
export type PanelOutOfSyncDevice = z.infer<typeof panelOutOfSyncDevice>;

const used = z.object({ used: z.number().int(), total: z.number().int() });
/**
 * Quota usage from billing: template and TAG allowances of the active Cloud Application cards,
 * Remote Access traffic of the current UTC month against what the team's active RA cards have left.
 */
export const panelQuota = z.object({
  templates: used,
  tags: used,
  traffic: z.object({ month: z.string(), used_bytes: z.number().int(), left_bytes: z.number().int() }),
});
export type PanelQuota = z.infer<typeof panelQuota>;

export const controlPanelSummary = z.object({
  summary: deviceSummary,
  /** Present only when the account has more than one data center. */
  regions: z.array(regionSummary).optional(),
  /** The most recent online state changes, newest first. */
  changes: z.array(panelStateChange),
  alarms: z.object({
    /** Active (not recovered) alarm records by level (1, 2, 4, 8, 16). */
    levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
    total: z.number().int(),
    /** Newest first, at most ControlPanelLimits.alarms. */
    list: z.array(panelActiveAlarm),
  }),
  /** Devices with the most alarms raised (times counted) in the last 24 hours and 7 days. */
  top_alarms: z.object({ day: z.array(panelAlarmDevice), week: z.array(panelAlarmDevice) }),
  offline_longest: z.array(panelOfflineDevice),
  out_of_sync: z.object({
    /** Devices with a template whose config they have not acknowledged (sync state 0). */
    devices: z.number().int(),
    /** Templates with at least one such device. */
    templates: z.number().int(),
    list: z.array(panelOutOfSyncDevice),
  }),
  /** null in region cn (no billing) and for callers without myAccount view (17). */
  quota: panelQuota.nullable(),
  /** Server time of the summary, ms. */
  at: z.number().int(),
});
export type ControlPanelSummary = z.infer<typeof controlPanelSummary>;
