import type { DeviceZonesReply, ZoneAssignBody, ZoneItem, ZoneListReply } from '@hmi/domain';

/** A device's zone as the device list and page show it. */
export interface DeviceZone {
  id: number;
  name: string;
}

/** The select's value for "No zone" (a zone id is always positive). */
export const NO_ZONE = 0;

/** The device-zones query's parameter: the ids, ascending and without repeats, comma-separated. */
export function deviceIdsParam(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(',');
}

/** The device-zones reply as a map by device id; a device missing from it is in no zone. */
export function zoneMapOf(reply: DeviceZonesReply | undefined): ReadonlyMap<number, DeviceZone> {
  const map = new Map<number, DeviceZone>();
  for (const row of reply?.list ?? []) map.set(row.device_id, { id: row.zone_id, name: row.zone_name });
  return map;
}

/** The assign call's body: zone_id null takes the devices out of any zone ("No zone"). */
export function assignBody(choice: number, deviceIds: readonly number[]): ZoneAssignBody {
  return { zone_id: choice === NO_ZONE ? null : choice, device_ids: [...new Set(deviceIds)] };
}

/** The team holds as many zones as it may: adding is off. */
export const zoneLimitReached = (reply: ZoneListReply | undefined): boolean =>
  reply !== undefined && reply.list.length >= reply.max;

/** A zone that roles hold cannot be deleted (the server says 1067). */
export const zoneInUse = (zone: Pick<ZoneItem, 'role_count'>): boolean => zone.role_count > 0;

/** Devices one assign call takes (zoneAssignBody). */
export const ASSIGN_MAX = 1000;
