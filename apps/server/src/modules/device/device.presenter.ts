import {
  BindType,
  buildGroupTree,
  indexGroupPaths,
  type DeviceDetail,
  type DeviceListItem,
  type LabelRef,
} from '@hmi/domain';
import type { GroupRecordRow } from '../device-group/index.ts';
import type { DeviceRow } from './device.repo.ts';

/** Group paths (names from the root) of every group of a team, by id. */
export function groupPathIndex(groups: readonly GroupRecordRow[]): Map<string, string[]> {
  return indexGroupPaths(buildGroupTree(groups));
}

/** One row of the device list (SPEC section 3 columns). */
export function presentDevice(
  d: DeviceRow,
  paths: ReadonlyMap<string, readonly string[]>,
  labels: readonly LabelRef[],
): DeviceListItem {
  return {
    id: d.id,
    name: d.name ?? '',
    sn: d.sn,
    kind: d.kind,
    model: d.model,
    firmware: d.firmware,
    group_id: d.group_id,
    group_path: d.group_id === null ? [] : [...(paths.get(String(d.group_id)) ?? [])],
    template_id: d.template_id,
    template_name: d.template_name,
    address: d.address,
    remark: d.remark,
    hmi_sn: d.hmi_sn,
    gateway_sn: d.gateway_sn,
    online: d.online,
    sync_state: d.sync_state,
    labels: [...labels],
    last_seen_at: d.last_seen_at,
    bound_at: d.bound_at,
    created_at: d.created_at,
  };
}

export function presentDeviceDetail(
  d: DeviceRow,
  paths: ReadonlyMap<string, readonly string[]>,
  labels: readonly LabelRef[],
): DeviceDetail {
  return {
    ...presentDevice(d, paths, labels),
    bindType: d.bind_type || BindType.SnPin,
    ip: d.ip,
    config_version: d.config_version,
    acked_version: d.acked_version,
    keepalive: d.keepalive,
  };
}
