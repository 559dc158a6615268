import { useNavigate } from 'react-router';
import { Badge, Button, Space } from 'antd';
import {
  AlertOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuPath, termKey } from '@hmi/domain';
import { historyHref, monitorHref, remoteHref } from '../../shared/devices/device-routes.ts';
import { FavouriteStar } from '../../features/favourite/index.ts';
import { BackToDeviceList } from './BackToDeviceList.tsx';
import type { DevicePageState } from './use-device-page-state.ts';

/** The device page's head: back, kind, name and star, online state and SN, the ways on. */
export function DevicePageHead({ s, online }: { s: DevicePageState; online: boolean }) {
  const { t } = useTranslation(['devicepage', 'live']);
  const navigate = useNavigate();
  const { device, remoteShown, canMonitor, canAlarm } = s;
  return (
    <div className="devpage-head">
      <div className="devpage-head-main">
        <BackToDeviceList className="devpage-back">{t('back')}</BackToDeviceList>
        <h1 className="devpage-title">
          <span className="devpage-kind" aria-label={device ? t(`device:kind.${device.kind}`) : undefined}>
            {device?.kind === 'gateway' ? <ClusterOutlined /> : <DesktopOutlined />}
          </span>
          <span className="devpage-title-text" data-testid="devpage-name">
            {device?.name ?? '\u00a0'}
          </span>
          {device ? <FavouriteStar deviceId={device.id} size="middle" /> : null}
        </h1>
        {device ? (
          <div className="devpage-facts">
            <Badge
              status={online ? 'success' : 'default'}
              text={t(termKey('onlineState', online ? 1 : 0))}
              data-testid="devpage-online-state"
              data-online={online ? 1 : 0}
            />
            <span className="devpage-mono">{device.sn}</span>
            {device.model ? <span>{device.model}</span> : null}
          </div>
        ) : null}
      </div>
      {device ? (
        <Space wrap className="devpage-actions">
          {remoteShown ? (
            <Button
              type="primary"
              icon={<DesktopOutlined />}
              onClick={() => void navigate(remoteHref(device.id))}
              data-testid="devpage-open-remote"
            >
              {t('remote:action')}
            </Button>
          ) : null}
          {canMonitor ? (
            <Button
              icon={<DashboardOutlined />}
              onClick={() => void navigate(monitorHref(device.id))}
              data-testid="devpage-open-monitor"
            >
              {t('action.monitor')}
            </Button>
          ) : null}
          <Button
            icon={<LineChartOutlined />}
            onClick={() => void navigate(historyHref(device.id))}
            data-testid="devpage-open-history"
          >
            {t('action.history')}
          </Button>
          {canAlarm && device.template_id !== null ? (
            <Button
              icon={<AlertOutlined />}
              onClick={() => void navigate(`${MenuPath.AlarmRules}?templateid=${device.template_id}`)}
              data-testid="devpage-open-rules"
            >
              {t('action.alarmRules')}
            </Button>
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}
