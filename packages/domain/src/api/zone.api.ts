import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the security zone calls (/system/safeZone; issue 13). A zone is a named operating
 * area of a team: letters and digits only (validateZoneName), unique in the team (1066), at most
 * Limits.securityZoneMax per team (1065, msg E_SAFEAREAS_MORE_THAN_LIMIT). A device is in at most
 * one zone. Roles hold zones; operating a device in a zone (writing a tag) needs a role holding
 * it (else 1002); a device in no zone is operable by anyone who may operate the device; the main
 * account holds every zone. A zone held by a role cannot be deleted (1067). Ids of another team
 * (zones, devices) are 1003.
 */
export const ZonePaths = {
  list: '/system/safeZone/list', // GET -> zoneListReply                            (zone view 33)
  add: '/system/safeZone/add', // POST zoneAddBody -> zoneItem                       (zone add 30)
  edit: '/system/safeZone/edit', // POST zoneEditBody -> zoneItem                    (zone edit 34)
  delete: '/system/safeZone/delete', // POST zoneDeleteBody -> null                  (zone delete 35; 1067)
  assign: '/system/safeZone/assign', // POST zoneAssignBody -> zoneAssignReply       (zone edit 34)
  deviceZones: '/system/safeZone/device-zones', // GET deviceZonesQuery -> deviceZonesReply (zone view 33)
} as const;

/** The name rule (validateZoneName, at most Limits.zoneNameMax) is checked on the server: 1006 with its key. */
const zoneName = singleLineText.max(64);

export const zoneItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Devices in the zone that the caller may see. */
  device_count: z.number().int(),
  /** Roles holding the zone (a zone held by one cannot be deleted). */
  role_count: z.number().int(),
  created_at: z.number().int(),
});
export type ZoneItem = z.infer<typeof zoneItem>;

export const zoneListReply = z.object({ list: z.array(zoneItem), max: z.number().int() });
export type ZoneListReply = z.infer<typeof zoneListReply>;

export const zoneAddBody = z.object({ name: zoneName });
export type ZoneAddBody = z.infer<typeof zoneAddBody>;

export const zoneEditBody = z.object({ id: z.number().int().positive(), name: zoneName });
export type ZoneEditBody = z.infer<typeof zoneEditBody>;

export const zoneDeleteBody = z.object({ id: z.number().int().positive() });
export type ZoneDeleteBody = z.infer<typeof zoneDeleteBody>;

/** Puts devices in a zone (bulk), or takes them out of any zone with zone_id null. */
export const zoneAssignBody = z.object({
  zone_id: z.number().int().positive().nullable(),
  device_ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export type ZoneAssignBody = z.infer<typeof zoneAssignBody>;

export const zoneAssignReply = z.object({ updated: z.number().int() });
export type ZoneAssignReply = z.infer<typeof zoneAssignReply>;

/** Comma-separated device ids (a page of the device list). */
export const deviceZonesQuery = z.object({
  device_ids: singleLineText.regex(/^\d+(,\d+)*$/).max(2000),
});
export type DeviceZonesQuery = z.infer<typeof deviceZonesQuery>;

export const deviceZonesReply = z.object({
  list: z.array(z.object({ device_id: z.number().int(), zone_id: z.number().int(), zone_name: z.string() })),
});
export type DeviceZonesReply = z.infer<typeof deviceZonesReply>;
