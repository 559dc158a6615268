import type { LabelItem } from '@hmi/domain';
import type { Label } from './label.repo.ts';

export const presentLabel = (l: Label, deviceCount: number): LabelItem => ({
  id: l.id,
  name: l.name,
  device_count: deviceCount,
  created_at: l.created_at,
});
