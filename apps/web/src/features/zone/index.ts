/** Public entry of features/zone: what other features use of it (the only way they reach it). */
export { ZoneBulkAction } from './ZoneBulkAction.tsx';
export { ZoneTag } from './ZoneTag.tsx';
export { useDeviceZoneMap, useZoneList } from './use-zones.ts';
export { zoneKeys } from './zone.api.ts';
export type { DeviceZone } from './zone-helpers.ts';
