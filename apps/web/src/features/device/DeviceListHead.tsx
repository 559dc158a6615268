import { Button, Space, Typography } from 'antd';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDeviceOverview } from './use-device-queries.ts';

interface Props {
  /** Device bind 10: the bind button. */
  canBind: boolean;
  onBind(): void;
  onLabels(): void;
}

/** The device list's head: title, the team's device and online counts, labels and bind. */
export function DeviceListHead({ canBind, onBind, onLabels }: Props) {
  const { t } = useTranslation('device');
  const overview = useDeviceOverview().data;
  return (
    <div className="device-page-head">
      <div>
        <h1 className="device-page-title">{t('list.title')}</h1>
        <Typography.Text type="secondary" className="device-page-sub">
          {overview ? t('list.summary', { count: overview.total, online: overview.online }) : '\u00a0'}
        </Typography.Text>
      </div>
      <Space wrap className="device-page-actions">
        <Button icon={<TagsOutlined />} onClick={onLabels} data-testid="open-labels">
          {t('list.labels')}
        </Button>
        {canBind ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={onBind} data-testid="bind-device">
            {t('list.bind')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
