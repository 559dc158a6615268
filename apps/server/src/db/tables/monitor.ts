import type { ColumnType, Generated } from 'kysely';
import type { Ms } from './columns.ts';

// A device's own tags beside its template's (the monitor module).

/** A device's own tag beside its template's (data monitor, migration 0004). */
export interface MonitorPointsTable {
  id: Generated<number>;
  device_id: number;
  team_id: number;
  /** MONITOR_TAG_ID_BASE + id; null only inside the inserting transaction. */
  tag_id: ColumnType<number, number | null | undefined, number>;
  name: string;
  data_type: number;
  rw: number;
  link: string;
  plc_vendor: string;
  plc_name: string;
  station: number;
  component_type: string;
  address: string;
  length: number;
  decimals: number;
  step: number;
  description: string;
  config_version: number;
  created_by: number | null;
  created_at: Ms;
  updated_at: Ms;
}

export interface MonitorTables {
  monitor_points: MonitorPointsTable;
}
