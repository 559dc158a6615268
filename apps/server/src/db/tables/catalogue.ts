import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Flag, Ms } from './columns.ts';

// The device catalogue: devices, templates and their tags.

/** A device known to the cloud: registered by an operator or on first connection, then bound to a team. */
export interface DevicesTable {
  id: Generated<number>;
  /** null while registered and not bound. */
  team_id: number | null;
  sn: string;
  /** scrypt hash of the device secret (the PIN). */
  secret_hash: string;
  kind: ColumnType<'hmi' | 'gateway', 'hmi' | 'gateway' | undefined, 'hmi' | 'gateway'>;
  model: ColumnType<string, string | undefined, string>;
  firmware: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  /** 'operator' (CLI, import) or 'auto' (trust on first use). */
  registered_by: ColumnType<string, string | undefined, string>;
  name: string | null;
  group_id: number | null;
  template_id: number | null;
  address: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  hmi_sn: ColumnType<string, string | undefined, string>;
  gateway_sn: ColumnType<string, string | undefined, string>;
  online: ColumnType<Flag, Flag | undefined, Flag>;
  last_seen_at: Ms | null;
  keepalive: ColumnType<number, number | undefined, number>;
  sync_state: ColumnType<Flag, Flag | undefined, Flag>;
  /** Version of the config last published to the device, and the one it acknowledged. */
  config_version: ColumnType<number, number | undefined, number>;
  acked_version: ColumnType<number, number | undefined, number>;
  /** 0 unbound, 1 bound by SN + PIN. */
  bind_type: ColumnType<number, number | undefined, number>;
  bound_at: Ms | null;
  created_at: Ms;
  updated_at: Ms;
  /** TAGs the device may have: template tags + monitor points (migration 0004; default 100). */
  tag_limit: ColumnType<number, number | undefined, number>;
  /** The HMI's VNC server as last reported in its state (migration 0016; null: never said). */
  vnc: ColumnType<Flag | null, Flag | null | undefined, Flag | null>;
}

export interface TemplatesTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  type: 'local' | 'global';
  data_center: string;
  hmi_model: ColumnType<string, string | undefined, string>;
  default_value: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  created_at: Ms;
  updated_at: Ms;
}

export interface TemplateTagsTable {
  id: Generated<number>;
  template_id: number;
  name: string;
  data_type: number;
  rw: number;
  address: ColumnType<string, string | undefined, string>;
  unit: ColumnType<string, string | undefined, string>;
  decimals: ColumnType<number, number | undefined, number>;
  description: ColumnType<string, string | undefined, string>;
  /** Order of the tag in the template. */
  position: ColumnType<number, number | undefined, number>;
}

export interface CatalogueTables {
  devices: DevicesTable;
  templates: TemplatesTable;
  template_tags: TemplateTagsTable;
}

export type Device = Selectable<DevicesTable>;
export type Template = Selectable<TemplatesTable>;
export type TemplateTagRow = Selectable<TemplateTagsTable>;
