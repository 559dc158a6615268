import type { ZoneItem } from '@hmi/domain';
import type { Zone } from '../../db/database.ts';

export const presentZone = (z: Zone, devices: number, roles: number): ZoneItem => ({
  id: z.id,
  name: z.name,
  device_count: devices,
  role_count: roles,
  created_at: z.created_at,
});
