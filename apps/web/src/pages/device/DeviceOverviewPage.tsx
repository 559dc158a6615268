import { Button, Card, Progress, Skeleton, Tooltip, Typography } from 'antd';
import {
  AlertOutlined,
  ApiOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  PlusOutlined,
  UnorderedListOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { MenuPath, Perm } from '@hmi/domain';
import { useDeviceOverview } from '../../features/device/use-device-queries.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { relativeTime } from '../../features/device/relative-time.ts';
import { RecentDevices } from '../../features/device-page/RecentDevices.tsx';
import '../../features/device-page/device-page.css';
import '../../shared/styles/page-list.css';

type Tone = 'blue' | 'green' | 'grey' | 'red' | 'amber';

interface Stat {
  key: 'total' | 'online' | 'offline' | 'alarm' | 'last';
  icon: React.ReactNode;
  tone: Tone;
  value: React.ReactNode;
  foot: string;
  to?: string;
}

/** /device/deviceoverview: how many devices, how many online, offline, in alarm, and last activity. */
export function DeviceOverviewPage() {
  const { t, i18n } = useTranslation('device');
  const { data, isPending } = useDeviceOverview();
  const can = usePermission();
  const navigate = useNavigate();
  const list = MenuPath.DeviceList;
  const ratio = data && data.total > 0 ? Math.round((data.online / data.total) * 1000) / 10 : 0;

  const stats: Stat[] = [
    {
      key: 'total',
      icon: <ApiOutlined />,
      tone: 'blue',
      value: data?.total ?? 0,
      foot: t('overview.totalFoot'),
      to: list,
    },
    {
      key: 'online',
      icon: <WifiOutlined />,
      tone: 'green',
      value: data?.online ?? 0,
      foot: t('overview.onlineFoot', { ratio }),
      to: `${list}?online=1`,
    },
    {
      key: 'offline',
      icon: <DisconnectOutlined />,
      tone: 'grey',
      value: data?.offline ?? 0,
      foot: t('overview.offlineFoot'),
      to: `${list}?online=0`,
    },
    {
      key: 'alarm',
      icon: <AlertOutlined />,
      tone: data?.alarm ? 'red' : 'amber',
      value: data?.alarm ?? 0,
      foot: t('overview.alarmFoot'),
    },
    {
      key: 'last',
      icon: <ClockCircleOutlined />,
      tone: 'blue',
      value:
        data?.last != null ? (
          <Tooltip title={dayjs(data.last).format('YYYY-MM-DD HH:mm:ss')}>
            <span className="overview-value-small">{relativeTime(data.last, i18n.language)}</span>
          </Tooltip>
        ) : (
          <span className="overview-value-small device-muted">{t('overview.never')}</span>
        ),
      foot: t('overview.lastFoot'),
    },
  ];

  return (
    <div className="device-page" data-testid="device-overview-page">
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('overview.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('overview.sub')}
          </Typography.Text>
        </div>
      </div>
      <div className="overview-grid">
        {stats.map((s) => {
          const card = (
            <Card className={`overview-tone-${s.tone}`} data-testid={`overview-${s.key}`}>
              <Skeleton loading={isPending} active paragraph={{ rows: 1 }} title={false}>
                <div className="overview-card-head">
                  <span>{t(`overview.${s.key}`)}</span>
                  <span className="overview-icon">{s.icon}</span>
                </div>
                <div className="overview-value">{s.value}</div>
                <div className="overview-foot">{s.foot}</div>
              </Skeleton>
            </Card>
          );
          return s.to ? (
            <Link
              key={s.key}
              to={s.to}
              className="overview-card"
              aria-label={t('overview.open', { what: t(`overview.${s.key}`) })}
            >
              {card}
            </Link>
          ) : (
            <div key={s.key} className="overview-card">
              {card}
            </div>
          );
        })}
      </div>
      <div className="overview-bottom">
        <Card title={t('overview.ratioTitle')}>
          <div className="overview-ratio">
            <Progress
              type="dashboard"
              percent={ratio}
              strokeColor="#52c41a"
              format={(p) => `${p ?? 0}%`}
              size={132}
            />
            <div className="overview-ratio-legend">
              <Typography.Text>{t('overview.ratioOnline', { count: data?.online ?? 0 })}</Typography.Text>
              <Typography.Text type="secondary">
                {t('overview.ratioOffline', { count: data?.offline ?? 0 })}
              </Typography.Text>
              <Typography.Text type="secondary">{t('overview.liveNote')}</Typography.Text>
            </div>
          </div>
        </Card>
        <Card title={t('overview.quickTitle')}>
          <div className="overview-quick">
            {can(Perm.DeviceBind) ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                block
                onClick={() => void navigate(`${list}?bind=1`)}
              >
                {t('list.bind')}
              </Button>
            ) : null}
            <Button icon={<UnorderedListOutlined />} block onClick={() => void navigate(list)}>
              {t('overview.openList')}
            </Button>
          </div>
        </Card>
      </div>
      {data && data.total > 0 ? <RecentDevices /> : null}
    </div>
  );
}
