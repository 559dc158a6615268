import type { Generated, Selectable } from 'kysely';
import type { Ms } from './columns.ts';

// How a team sorts its devices: groups and labels (the device-group and label modules).

export interface DeviceGroupsTable {
  id: Generated<number>;
  team_id: number;
  parent_id: number | null;
  name: string;
  created_at: Ms;
  updated_at: Ms;
}

export interface LabelsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: Ms;
}

export interface DeviceLabelsTable {
  device_id: number;
  label_id: number;
}

export interface DeviceOrganisationTables {
  device_groups: DeviceGroupsTable;
  labels: LabelsTable;
  device_labels: DeviceLabelsTable;
}

export type DeviceGroup = Selectable<DeviceGroupsTable>;
