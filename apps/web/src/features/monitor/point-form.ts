import {
  numberedNames,
  ReadWriteType,
  steppedAddresses,
  TagDataType,
  validateBatchCount,
  validateMonitorLength,
  validateMonitorName,
  type MonitorAddBody,
  type MonitorBatchAddBody,
  type MonitorComponentType,
  type MonitorEditBody,
  type MonitorTag,
  type ValidationResult,
} from '@hmi/domain';

export type PointFormMode = 'add' | 'batch' | 'edit';

/** The point dialog's values (numbers may be cleared while typing). */
export interface PointFormValues {
  name: string;
  data_type: number;
  rw: number;
  link: string;
  plc_vendor: string;
  plc_name: string;
  station: number | null;
  component_type: MonitorComponentType;
  address: string;
  length: number | null;
  decimals: number | null;
  step: number | null;
  count: number | null;
  description: string;
}

/** An emptied number field is no number (the validators say "required"). */
export const toNumeric = (v: unknown) =>
  v === null || v === undefined || v === '' ? undefined : (v as number);

/** The form's start: the edited point's values, else a new INT16 read/write word (10 in a batch). */
export function pointFormValuesOf(point: MonitorTag | undefined, mode: PointFormMode): PointFormValues {
  return {
    name: point?.name ?? '',
    data_type: point?.data_type ?? TagDataType.INT16,
    rw: point?.rw ?? ReadWriteType.ReadWrite,
    link: point?.link ?? '',
    plc_vendor: point?.plc_vendor ?? '',
    plc_name: point?.plc_name ?? '',
    station: point?.station ?? 0,
    component_type: (point?.component_type as MonitorComponentType | undefined) ?? 'word',
    address: point?.address ?? '',
    length: point?.length ?? 0,
    decimals: point?.decimals ?? 0,
    step: point?.step ?? 1,
    count: mode === 'batch' ? 10 : null,
    description: point?.description ?? '',
  };
}

/** The request one submit sends: edit (a point with an id), batch add or add. */
export type PointRequest =
  | { kind: 'edit'; body: MonitorEditBody }
  | { kind: 'batch'; body: MonitorBatchAddBody }
  | { kind: 'add'; body: MonitorAddBody };

/** Form values to the request of the dialog's mode; emptied optional fields become their defaults. */
export function toPointRequest(
  v: PointFormValues,
  mode: PointFormMode,
  deviceId: number,
  point: MonitorTag | undefined,
): PointRequest {
  const fields = {
    name: v.name,
    data_type: v.data_type as (typeof TagDataType)[keyof typeof TagDataType],
    rw: v.rw as ReadWriteType,
    link: v.link ?? '',
    plc_vendor: v.plc_vendor ?? '',
    plc_name: v.plc_name ?? '',
    station: Number(v.station ?? 0),
    component_type: v.component_type,
    address: v.address,
    length: Number(v.length ?? 0),
    decimals: Number(v.decimals ?? 0),
    step: Number(v.step ?? 1),
    description: v.description ?? '',
  };
  if (mode === 'edit' && point?.point_id)
    return { kind: 'edit', body: { id: deviceId, point_id: point.point_id, ...fields } };
  if (mode === 'batch') return { kind: 'batch', body: { id: deviceId, ...fields, count: Number(v.count) } };
  return { kind: 'add', body: { id: deviceId, ...fields } };
}

/** The names a batch creates (first and last shown under the field); none while count or name is not valid. */
export function batchPreview(
  mode: PointFormMode,
  name: string,
  address: string,
  count: unknown,
  step: unknown,
): { names?: string[] | undefined; addresses?: string[] | undefined } {
  const countOk = mode === 'batch' && validateBatchCount(toNumeric(count)).ok;
  return {
    names: countOk && name.trim() ? numberedNames(name, Number(count)) : undefined,
    addresses:
      countOk && address.trim()
        ? (steppedAddresses(address, Number(count), Number(step) || 1) ?? undefined)
        : undefined,
  };
}

/** Name rule: every name the submit creates (all numbered names of a batch) is valid and free. */
export function checkPointName(
  value: unknown,
  all: Pick<PointFormValues, 'count'>,
  mode: PointFormMode,
  takenNames: readonly string[],
): ValidationResult {
  const list =
    mode === 'batch' && validateBatchCount(toNumeric(all.count)).ok
      ? numberedNames(String(value ?? ''), Number(all.count))
      : [String(value ?? '')];
  for (const n of list) {
    const r = validateMonitorName(n, takenNames);
    if (!r.ok) return r;
  }
  return { ok: true };
}

/** Length rule: a STRING holds at least one character, other types may say 0 (their size). */
export function checkPointLength(value: unknown, all: Pick<PointFormValues, 'data_type'>): ValidationResult {
  return validateMonitorLength(toNumeric(value), { min: all.data_type === TagDataType.STRING ? 1 : 0 });
}

/** A bit component only fits a BOOL point. */
export const bitNeedsBool = (component: unknown, dataType: unknown) =>
  component === 'bit' && dataType !== TagDataType.BOOL;

/** A batch steps the address's number: an address without one cannot be stepped. */
export const batchAddressWithoutNumber = (mode: PointFormMode, address: unknown) =>
  mode === 'batch' && String(address ?? '').trim() !== '' && !steppedAddresses(String(address), 2, 1);
