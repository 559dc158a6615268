import { ClusterOutlined, DesktopOutlined } from '@ant-design/icons';
import type { DeviceListItem } from '@hmi/domain';
import './device-select.css';

/** A device as the device selects list it: kind icon, name, SN and an online dot. */
export function DeviceOption({
  device: d,
}: {
  device: Pick<DeviceListItem, 'kind' | 'name' | 'sn' | 'online'>;
}) {
  return (
    <span className="device-select-option">
      {d.kind === 'gateway' ? <ClusterOutlined /> : <DesktopOutlined />}
      <span className="device-select-name">{d.name}</span>
      <span className="device-select-sn">{d.sn}</span>
      <span className={`device-select-dot ${d.online ? 'is-on' : ''}`} />
    </span>
  );
}
