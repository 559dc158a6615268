import { useState } from 'react';
import { Alert, Button } from 'antd';
import { AlertOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, MenuPath, type AlarmRecord } from '@hmi/domain';
import { AlarmLevelTag, AlarmStateBadge } from '../alarm/index.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import type { CriticalAlarms } from './critical-alarms.ts';

interface Props {
  alarms: CriticalAlarms;
  onDismiss(id: number): void;
  onDismissAll(): void;
}

/**
 * One critical alarm: device, rule, content, value and time. Red while the alarm is raised and
 * nobody answered it; once acknowledged it turns amber with its state (a recovered alarm's
 * banner is gone: critical-alarms.ts).
 */
function Banner({ record, onDismiss }: { record: AlarmRecord; onDismiss(): void }) {
  const { t } = useTranslation('message');
  const raised = record.state === AlarmRecordState.Alarm;
  return (
    <Alert
      banner
      type={raised ? 'error' : 'warning'}
      icon={<AlertOutlined />}
      showIcon
      className={`notify-banner${raised ? '' : ' is-acked'}`}
      data-testid="critical-banner"
      data-record={record.id}
      data-state={record.state}
      title={
        <span className="notify-banner-title">
          <AlarmLevelTag level={record.level} />
          <strong>{record.device_name}</strong>
          <span className="notify-banner-rule">{record.rule_name}</span>
          {record.state !== AlarmRecordState.Alarm ? <AlarmStateBadge state={record.state} /> : null}
        </span>
      }
      description={
        <span className="notify-banner-text">
          <span>{record.content || t('banner.noContent')}</span>
          <span className="notify-banner-meta">
            {t('banner.value', { tag: record.tag_name, value: record.value })} ·{' '}
            {formatDateTime(record.raised_at)}
          </span>
        </span>
      }
      action={
        <Link to={MenuPath.MsgAlarm} className="notify-banner-link" data-testid="critical-banner-link">
          {t('banner.view')}
        </Link>
      }
      closable={{ onClose: onDismiss, 'aria-label': t('banner.dismiss') }}
    />
  );
}

/**
 * The critical-alarm banners at the top of the console: the newest one, and the others (up to
 * MAX_BANNERS) behind a "more" toggle so a burst of alarms does not push the page away; each is
 * dismissable and links to the alarm messages.
 */
export function CriticalAlarmBanners({ alarms, onDismiss, onDismissAll }: Props) {
  const { t } = useTranslation('message');
  const [expanded, setExpanded] = useState(false);
  const [first, ...rest] = alarms.shown;
  if (!first) return null;
  const more = rest.length + alarms.hidden;
  return (
    <div className="notify-banners" role="alert" aria-live="assertive" data-testid="critical-banners">
      <Banner record={first} onDismiss={() => onDismiss(first.id)} />
      {expanded ? rest.map((r) => <Banner key={r.id} record={r} onDismiss={() => onDismiss(r.id)} />) : null}
      {more > 0 ? (
        <div className="notify-banners-more">
          {rest.length > 0 ? (
            <Button
              type="link"
              size="small"
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              onClick={() => setExpanded((e) => !e)}
              aria-expanded={expanded}
              data-testid="critical-banner-more"
            >
              {expanded ? t('banner.fewer') : t('banner.more', { count: more })}
            </Button>
          ) : (
            <Link to={MenuPath.MsgAlarm}>{t('banner.more', { count: more })}</Link>
          )}
          <Button type="link" size="small" onClick={onDismissAll} data-testid="critical-banner-dismiss-all">
            {t('banner.dismissAll')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
