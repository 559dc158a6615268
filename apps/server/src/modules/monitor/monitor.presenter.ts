import type { MonitorTag } from '@hmi/domain';
import type { DeviceTag } from '../device/index.ts';

/** A device tag as a row of the monitor, with its config status against what the device acknowledged. */
export function presentMonitorTag(
  t: DeviceTag,
  device: { config_version: number; acked_version: number },
): MonitorTag {
  const p = t.point;
  const version = p ? p.config_version : device.config_version;
  return {
    tag_id: t.id,
    source: p ? 'point' : 'template',
    point_id: p ? p.id : null,
    name: t.name,
    data_type: t.data_type,
    rw: t.rw,
    address: t.address,
    unit: t.unit,
    decimals: t.decimals,
    description: t.description,
    link: p?.link ?? '',
    plc_vendor: p?.plc_vendor ?? '',
    plc_name: p?.plc_name ?? '',
    station: p?.station ?? 0,
    component_type: p?.component_type ?? '',
    length: p?.length ?? 0,
    step: p?.step ?? 1,
    config_version: version,
    config_status: device.acked_version >= version && version > 0 ? 'match' : 'mismatch',
    updated_at: p?.updated_at ?? null,
  };
}
