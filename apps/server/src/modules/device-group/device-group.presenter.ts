import type { GroupItem } from '@hmi/domain';
import type { DeviceGroup } from '../../db/database.ts';

export const presentGroup = (g: DeviceGroup, deviceCount: number): GroupItem => ({
  id: g.id,
  parent_id: g.parent_id,
  name: g.name,
  device_count: deviceCount,
  created_at: g.created_at,
});
