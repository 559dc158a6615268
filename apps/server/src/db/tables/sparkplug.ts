import type { Selectable } from 'kysely';
import type { JsonText, Ms } from './columns.ts';

// Sparkplug B edge nodes and their devices (migration 0027).

export interface SparkplugDevicesTable {
  sn: string;
  node_sn: string;
  group_id: string;
  edge_node_id: string;
  /** '' for the edge node itself. */
  device_id: string;
  birth: JsonText | null;
  template_id: number | null;
  updated_at: Ms;
}

export interface SparkplugTables {
  sparkplug_devices: SparkplugDevicesTable;
}

export type SparkplugDeviceRow = Selectable<SparkplugDevicesTable>;
