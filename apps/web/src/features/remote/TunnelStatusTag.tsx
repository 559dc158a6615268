import { Tag, Tooltip } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TunnelStatus } from '@hmi/domain';

/** Idle, or in use by whom (and how many watch): the device list's column and the device page. */
export function TunnelStatusTag({ status }: { status: TunnelStatus | undefined }) {
  const { t } = useTranslation('remote');
  if (!status) return <span className="device-muted">—</span>;
  if (status.state === 'idle') {
    return (
      <Tag className="remote-tunnel-tag" data-testid="tunnel-status" data-state="idle">
        {t('tunnel.idle')}
      </Tag>
    );
  }
  const text = status.operator_name
    ? t('tunnel.inUseBy', { name: status.operator_name })
    : t('tunnel.watched', { count: status.viewers });
  const tip = status.viewers > 0 ? t('tunnel.viewers', { count: status.viewers }) : undefined;
  return (
    <Tooltip title={tip}>
      <Tag
        color="processing"
        icon={<DesktopOutlined />}
        className="remote-tunnel-tag"
        data-testid="tunnel-status"
        data-state="in_use"
      >
        {text}
      </Tag>
    </Tooltip>
  );
}
