import { Button, Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AlarmLevel, termKey, type ControlPanelSummary } from '@hmi/domain';
import { AlarmLevelTag, AlarmStateBadge, levelColor, useAcknowledge } from '../alarm/index.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { PanelNumber } from './PanelNumber.tsx';
import type { PanelLinks } from './panel-links.ts';

const LEVELS = Object.values(AlarmLevel).sort((a, b) => b - a);

interface Props {
  alarms: ControlPanelSummary['alarms'];
  links: PanelLinks;
  canAck: boolean;
  onAcked: () => void;
}

/** Active alarms: counts by level (each opens the records of that level), newest first, acknowledge (44). */
export function ActiveAlarmsCard({ alarms, links, canAck, onAcked }: Props) {
  const { t } = useTranslation('controlpanel');
  const { acknowledge, acking } = useAcknowledge(onAcked);
  const countOf = (level: number) => alarms.levels.find((l) => l.level === level)?.count ?? 0;
  return (
    <Card
      className="cp-card cp-alarms"
      data-testid="cp-alarms-card"
      title={
        <span>
          {t('alarms.title')}{' '}
          <PanelNumber
            to={links.alarms()}
            label={t('open', { what: t('alarms.title') })}
            testId="cp-alarms-total"
          >
            {alarms.total}
          </PanelNumber>
        </span>
      }
    >
      <div className="cp-levels">
        {LEVELS.map((level) => (
          <Tag
            key={level}
            color={countOf(level) ? levelColor[level] : undefined}
            className="cp-level"
            data-level={level}
          >
            {t(termKey('alarmLevel', level))}{' '}
            <PanelNumber
              to={links.alarms({ level })}
              label={t('open', { what: t('alarms.title') })}
              testId={`cp-level-${level}`}
            >
              {countOf(level)}
            </PanelNumber>
          </Tag>
        ))}
      </div>
      {alarms.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.none')} />
      ) : (
        <ul className="cp-list" data-testid="cp-alarm-list">
          {alarms.list.map((a) => (
            <li
              key={a.id}
              className="cp-list-item"
              data-testid="cp-alarm-item"
              data-id={a.id}
              data-state={a.state}
            >
              <div className="cp-list-head">
                <AlarmLevelTag level={a.level} />
                <Typography.Text strong ellipsis={{ tooltip: a.content || a.rule_name }} className="cp-grow">
                  {a.content || a.rule_name}
                </Typography.Text>
                {canAck && a.state === 1 && (
                  <Button
                    size="small"
                    loading={acking.includes(a.id)}
                    onClick={() => acknowledge([a.id])}
                    data-testid="cp-ack"
                  >
                    {t('alarms.ack')}
                  </Button>
                )}
              </div>
              <div className="cp-list-meta">
                <DeviceNameLink id={a.device_id} name={a.device_name} />
                <span className="cp-ellipsis">
                  {a.tag_name} = <span className="cp-mono">{a.value}</span>
                </span>
                <AlarmStateBadge state={a.state} />
                <span className="cp-mono">{dayjs(a.raised_at).format('MM-DD HH:mm:ss')}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
