import { Badge, Button, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Limits, OnlineState, SyncState, termKey } from '@hmi/domain';
import { BackToDeviceList } from './BackToDeviceList.tsx';
import type { DeviceMonitorState } from './use-device-monitor-state.ts';

/** The monitor's head: back, the device's name, online/sync/live facts, delete and add buttons. */
export function DeviceMonitorHead({ s }: { s: DeviceMonitorState }) {
  const { t } = useTranslation(['monitor', 'live']);
  const { reply, online, syncState, live, selected, compact, setForm, confirmDelete } = s;
  const full = reply !== undefined && reply.tag_count >= reply.tag_limit;
  return (
    <div className="monitor-head">
      <div>
        <BackToDeviceList className="monitor-back">{t('back')}</BackToDeviceList>
        <h1 className="monitor-title">
          {t('title')}
          {reply ? ` · ${reply.device_name}` : ''}
        </h1>
        {reply && (
          <div className="monitor-facts">
            <Badge
              status={online ? 'success' : 'default'}
              text={t(termKey('onlineState', online ? OnlineState.Online : OnlineState.Offline))}
              data-testid="monitor-online"
              data-online={online ? 1 : 0}
            />
            <Tag color={syncState === 1 ? 'success' : 'warning'} data-testid="monitor-sync">
              {t(termKey('syncState', syncState === SyncState.Synced ? SyncState.Synced : SyncState.Pending))}
            </Tag>
            <span>
              {t('summary', {
                template: reply.template_name ?? t('noTemplate'),
                count: reply.tag_count,
                limit: reply.tag_limit,
              })}
            </span>
            <Badge
              status={live.status === 'open' ? 'processing' : 'default'}
              text={t(
                `live:status.${live.status === 'open' ? 'open' : live.status === 'connecting' ? 'connecting' : 'closed'}`,
              )}
              data-testid="monitor-live"
              data-status={live.status}
            />
          </div>
        )}
      </div>
      <Space wrap className="monitor-head-actions">
        {selected.length > 0 && !compact && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
            {t('action.deleteSelected', { count: selected.length })}
          </Button>
        )}
        <Button
          icon={<UnorderedListOutlined />}
          disabled={!reply || reply.tag_count + Limits.batchCountMin > reply.tag_limit}
          onClick={() => setForm({ mode: 'batch' })}
          data-testid="monitor-batch"
        >
          {t('action.batchAdd')}
        </Button>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!reply || full}
          onClick={() => setForm({ mode: 'add' })}
          data-testid="monitor-add"
        >
          {t('action.add')}
        </Button>
      </Space>
    </div>
  );
}
