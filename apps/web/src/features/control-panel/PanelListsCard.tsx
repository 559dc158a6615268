import { Card, Empty, Segmented, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ControlPanelSummary } from '@hmi/domain';
import { relativeTime } from '../device/index.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { PanelNumber } from './PanelNumber.tsx';
import type { PanelLinks } from './panel-links.ts';

const DAY = 86_400_000;

function Since({ at }: { at: number | null }) {
  const { t, i18n } = useTranslation('controlpanel');
  if (at === null) return <span className="cp-muted">{t('tiles.never')}</span>;
  return (
    <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>
      <span className="cp-mono">{relativeTime(at, i18n.language)}</span>
    </Tooltip>
  );
}

/** Devices with the most alarms in the last 24 hours or 7 days; a count opens their records. */
export function TopAlarmsCard({
  top,
  links,
  at,
}: {
  top: ControlPanelSummary['top_alarms'];
  links: PanelLinks;
  at: number;
}) {
  const { t } = useTranslation('controlpanel');
  const [range, setRange] = useState<'day' | 'week'>('day');
  const rows = top[range];
  const from = at - (range === 'day' ? DAY : 7 * DAY);
  return (
    <Card
      className="cp-card"
      data-testid="cp-top-card"
      title={t('top.title')}
      extra={
        <Segmented
          size="small"
          value={range}
          onChange={(v) => setRange(v as 'day' | 'week')}
          options={[
            { value: 'day', label: t('top.day') },
            { value: 'week', label: t('top.week') },
          ]}
        />
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.none')} />
      ) : (
        <ol className="cp-list cp-rank">
          {rows.map((d) => (
            <li key={d.device_id} className="cp-row" data-testid="cp-top-row">
              <DeviceNameLink id={d.device_id} name={d.device_name} className="cp-grow" />
              <PanelNumber
                to={links.alarms({ device: d.device_id, from })}
                label={t('open', { what: d.device_name })}
                testId="cp-top-count"
              >
                {d.count}
              </PanelNumber>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Offline devices, the longest offline first; the header number opens the offline list. */
export function OfflineCard({
  rows,
  offline,
  links,
}: {
  rows: ControlPanelSummary['offline_longest'];
  offline: number;
  links: PanelLinks;
}) {
  const { t } = useTranslation('controlpanel');
  return (
    <Card
      className="cp-card"
      data-testid="cp-offline-card"
      title={
        <span>
          {t('offline.title')}{' '}
          <PanelNumber
            to={links.devices({ online: 0 })}
            label={t('open', { what: t('offline.title') })}
            testId="cp-offline-total"
          >
            {offline}
          </PanelNumber>
        </span>
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('offline.none')} />
      ) : (
        <ul className="cp-list">
          {rows.map((d) => (
            <li key={d.device_id} className="cp-row" data-testid="cp-offline-row">
              <DeviceNameLink id={d.device_id} name={d.device_name} className="cp-grow" />
              <Since at={d.since} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Devices and templates out of sync (config not acknowledged). */
export function OutOfSyncCard({
  sync,
  links,
}: {
  sync: ControlPanelSummary['out_of_sync'];
  links: PanelLinks;
}) {
  const { t } = useTranslation('controlpanel');
  return (
    <Card className="cp-card" data-testid="cp-sync-card" title={t('sync.title')}>
      <div className="cp-pair">
        <span>
          {t('sync.devices')}{' '}
          <PanelNumber
            to={links.devices({ sync_state: 0 })}
            label={t('open', { what: t('sync.devices') })}
            testId="cp-sync-devices"
          >
            {sync.devices}
          </PanelNumber>
        </span>
        <span>
          {t('sync.templates')}{' '}
          <PanelNumber
            to={links.templates()}
            label={t('open', { what: t('sync.templates') })}
            testId="cp-sync-templates"
          >
            {sync.templates}
          </PanelNumber>
        </span>
      </div>
      {sync.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sync.none')} />
      ) : (
        <ul className="cp-list">
          {sync.list.map((d) => (
            <li key={d.device_id} className="cp-row" data-testid="cp-sync-row">
              <DeviceNameLink id={d.device_id} name={d.device_name} className="cp-grow" />
              <Typography.Text type="secondary" ellipsis className="cp-ellipsis">
                {d.template_name}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The most recent online state changes. */
export function ChangesCard({ changes }: { changes: ControlPanelSummary['changes'] }) {
  const { t } = useTranslation('controlpanel');
  return (
    <Card className="cp-card" data-testid="cp-changes-card" title={t('changes.title')}>
      {changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('changes.none')} />
      ) : (
        <ul className="cp-list">
          {changes.map((c) => (
            <li key={`${c.device_id}-${c.at}`} className="cp-row" data-testid="cp-change">
              <span className={c.online ? 'cp-dot cp-dot-on' : 'cp-dot'} />
              <DeviceNameLink id={c.device_id} name={c.device_name} className="cp-grow" />
              <span>{c.online ? t('changes.online') : t('changes.offline')}</span>
              <Since at={c.at} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
