import { Tag } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { DeviceZone } from './zone-helpers.ts';

/**
 * A device's zone: a tag, "—" for no zone, nothing while unknown (still loading, or no zone view).
 */
export function ZoneTag({
  zones,
  deviceId,
}: {
  zones: ReadonlyMap<number, DeviceZone> | undefined;
  deviceId: number;
}) {
  if (zones === undefined) return null;
  const zone = zones.get(deviceId);
  if (!zone) return <span className="device-muted">—</span>;
  return (
    <Tag color="geekblue" variant="outlined" icon={<SafetyOutlined />} data-testid="device-zone">
      {zone.name}
    </Tag>
  );
}
