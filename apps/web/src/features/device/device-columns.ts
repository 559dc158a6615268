/** Columns of the device list (SPEC section 3) that the user can show or hide. */
export const deviceColumnKeys = [
  'name',
  'sn',
  'online',
  'sync',
  'model',
  'group',
  'zone',
  'template',
  'labels',
  'address',
  'remark',
  'hmi_sn',
  'gateway_sn',
  'remote',
] as const;
export type DeviceColumnKey = (typeof deviceColumnKeys)[number];

/** Columns shown only with a permission: the security zone needs zone view (33). */
export interface ColumnRights {
  zone: boolean;
}

/** The columns the user may see (ColumnSettings offers only these). */
export function allowedColumns<K extends DeviceColumnKey>(columns: readonly K[], rights: ColumnRights): K[] {
  return columns.filter((k) => k !== 'zone' || rights.zone);
}

/** Always shown: a row must say which device it is and whether it is there. */
export const lockedColumns: ReadonlySet<DeviceColumnKey> = new Set(['name', 'online']);

/**
 * What a laptop shows by default (the SN sits under the name); the rest is in the column settings.
 * The zone is there too, off by default: with it the default columns no longer fit 1440 px.
 */
export const desktopColumns: readonly DeviceColumnKey[] = [
  'name',
  'online',
  'sync',
  'group',
  'template',
  'labels',
];

/** A wide monitor (1600 px and more) also shows the SN, model and address in their own columns. */
export const wideColumns: readonly DeviceColumnKey[] = [
  'name',
  'sn',
  'online',
  'sync',
  'remote',
  'model',
  'group',
  'zone',
  'template',
  'labels',
  'address',
];

/** Column widths in px; the table scrolls sideways only when the chosen ones do not fit. */
export const columnWidths: Readonly<Record<DeviceColumnKey, number>> = {
  name: 220,
  sn: 190,
  online: 100,
  sync: 116,
  model: 120,
  group: 192,
  zone: 140,
  template: 150,
  labels: 190,
  address: 180,
  remark: 180,
  hmi_sn: 160,
  gateway_sn: 160,
  remote: 150,
};

/** A phone shows the device and its state; the SN sits under the name. */
export const phoneColumns: readonly DeviceColumnKey[] = ['name', 'online'];
