import { Card, Tooltip } from 'antd';
import {
  AlertOutlined,
  ApiOutlined,
  ClockCircleOutlined,
  DisconnectOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatPercent, type DeviceSummary } from '@hmi/domain';
import { relativeTime } from '../device/index.ts';
import { PanelNumber } from './PanelNumber.tsx';
import type { PanelLinks } from './panel-links.ts';

interface Tile {
  key: 'total' | 'online' | 'offline' | 'alarm' | 'last';
  icon: React.ReactNode;
  tone: string;
  value: React.ReactNode;
  foot: string;
  to?: string | undefined;
}

/** The fleet's tiles: total, online, offline, in alarm, last state change; each leads to its list. */
export function SummaryTiles({ summary, links }: { summary: DeviceSummary; links: PanelLinks }) {
  const { t, i18n } = useTranslation('controlpanel');
  const share = (n: number) => formatPercent(summary.total > 0 ? n / summary.total : 0);
  const tiles: Tile[] = [
    {
      key: 'total',
      icon: <ApiOutlined />,
      tone: 'blue',
      value: summary.total,
      foot: t('tiles.totalFoot'),
      to: links.devices(),
    },
    {
      key: 'online',
      icon: <WifiOutlined />,
      tone: 'green',
      value: summary.online,
      foot: t('tiles.share', { ratio: share(summary.online) }),
      to: links.devices({ online: 1 }),
    },
    {
      key: 'offline',
      icon: <DisconnectOutlined />,
      tone: 'grey',
      value: summary.offline,
      foot: t('tiles.share', { ratio: share(summary.offline) }),
      to: links.devices({ online: 0 }),
    },
    {
      key: 'alarm',
      icon: <AlertOutlined />,
      tone: summary.alarm ? 'red' : 'amber',
      value: summary.alarm,
      foot: t('tiles.share', { ratio: share(summary.alarm) }),
      to: links.devices({ alarm: 1 }),
    },
    {
      key: 'last',
      icon: <ClockCircleOutlined />,
      tone: 'blue',
      value:
        summary.last != null ? (
          <Tooltip title={dayjs(summary.last).format('YYYY-MM-DD HH:mm:ss')}>
            <span className="cp-value-small">{relativeTime(summary.last, i18n.language)}</span>
          </Tooltip>
        ) : (
          <span className="cp-value-small cp-muted">{t('tiles.never')}</span>
        ),
      foot: t('tiles.lastFoot'),
    },
  ];
  return (
    <div className="cp-tiles" data-testid="cp-tiles">
      {tiles.map((tile) => (
        <Card
          key={tile.key}
          className={`cp-tile overview-tone-${tile.tone}`}
          data-testid={`cp-tile-${tile.key}`}
          size="small"
        >
          <div className="overview-card-head">
            <span>{t(`tiles.${tile.key}`)}</span>
            <span className="overview-icon">{tile.icon}</span>
          </div>
          <div className="overview-value">
            {tile.key === 'last' ? (
              tile.value
            ) : (
              <PanelNumber
                to={tile.to}
                label={t('open', { what: t(`tiles.${tile.key}`) })}
                testId={`cp-${tile.key}`}
              >
                {tile.value}
              </PanelNumber>
            )}
          </div>
          <div className="overview-foot">{tile.foot}</div>
        </Card>
      ))}
    </div>
  );
}
