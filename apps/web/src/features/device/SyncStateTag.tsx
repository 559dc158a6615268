import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SyncState, termKey } from '@hmi/domain';

/** Synced / pending sync of the device's template config; nothing when it has no template. */
export function SyncStateTag({ state, hasTemplate }: { state: number; hasTemplate: boolean }) {
  const { t } = useTranslation('device');
  if (!hasTemplate) return <span className="device-muted">—</span>;
  const synced = state === SyncState.Synced;
  return (
    <Tooltip title={t(synced ? 'state.syncedHint' : 'state.pendingHint')}>
      <Tag
        variant="filled"
        color={synced ? 'success' : 'warning'}
        icon={synced ? <CheckCircleOutlined /> : <SyncOutlined />}
        data-testid="device-sync"
      >
        {t(termKey('syncState', synced ? SyncState.Synced : SyncState.Pending))}
      </Tag>
    </Tooltip>
  );
}
