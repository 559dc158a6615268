import { useQuery } from '@tanstack/react-query';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { zoneApi, zoneKeys } from './zone.api.ts';
import { deviceIdsParam, zoneMapOf, type DeviceZone } from './zone-helpers.ts';

/** The team's zones with their device and role counts, and the team's maximum. */
export function useZoneList(enabled = true) {
  return useQuery({ queryKey: zoneKeys.list, queryFn: zoneApi.list, enabled });
}

/**
 * The zone of each device of `deviceIds` (one call for a page of the device list), by device id;
 * undefined while unknown, and always without zone view (33): the call is not made then.
 */
export function useDeviceZoneMap(deviceIds: readonly number[]): ReadonlyMap<number, DeviceZone> | undefined {
  const can = usePermission();
  const param = deviceIdsParam(deviceIds);
  const enabled = can(Perm.SafeZoneView) && param !== '';
  const query = useQuery({
    queryKey: zoneKeys.deviceZones(param),
    queryFn: ({ signal }) => zoneApi.deviceZones(param, signal),
    enabled,
    select: zoneMapOf,
  });
  return enabled ? query.data : undefined;
}
