import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Skeleton, Timeline, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DeviceConnectionLimits } from '@hmi/domain';
import { durationParts, onlineShare, reasonKey, timelineOf } from './connection-timeline.ts';
import { useOnlineLog } from './use-device-page.ts';

/** Entries shown first, and after each "show older". */
const STEPS = [10, 30, DeviceConnectionLimits.pageSizeMax] as const;
const DAY = 86_400_000;
const TICK_MS = 30_000;

/** Each time the device came online or went offline, why, and for how long (newest first). */
export function OnlineHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devicepage');
  const [step, setStep] = useState(0);
  const pageSize = STEPS[step] ?? STEPS[0];
  const log = useOnlineLog(deviceId, 1, pageSize);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // A fresh reply is "now" for its durations (the events may be newer than the last tick).
  const at = Math.max(now, log.dataUpdatedAt);

  const entries = useMemo(() => timelineOf(log.data?.list ?? [], at), [log.data, at]);
  const share = useMemo(() => onlineShare(log.data?.list ?? [], at - DAY, at), [log.data, at]);
  const duration = (ms: number) =>
    durationParts(ms)
      .map((p) => t(`duration.${p.unit}`, { count: p.count }))
      .join(' ');

  if (log.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (entries.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-online-empty">{t('online.empty')}</span>}
      />
    );
  }
  const total = log.data?.total ?? 0;
  return (
    <div className="devpage-online" data-testid="devpage-online">
      {share !== null ? (
        <Typography.Text type="secondary" className="devpage-online-share" data-testid="devpage-online-share">
          {share.from > at - DAY
            ? t('online.shareSince', {
                percent: Math.round(share.share * 1000) / 10,
                time: dayjs(share.from).format('MM-DD HH:mm'),
              })
            : t('online.share', { percent: Math.round(share.share * 1000) / 10 })}
        </Typography.Text>
      ) : null}
      <Timeline
        className="devpage-timeline"
        items={entries.map(({ event, lasted, ongoing }) => ({
          key: event.id,
          color: event.online === 1 ? 'green' : 'gray',
          content: (
            <div
              className="devpage-online-entry"
              data-testid="devpage-online-entry"
              data-online={event.online}
              data-reason={event.reason}
            >
              <span className="devpage-online-text">{t(reasonKey(event))}</span>
              <span className="devpage-online-meta">
                <Tooltip title={dayjs(event.at).format('YYYY-MM-DD HH:mm:ss')}>
                  <span className="devpage-mono">{dayjs(event.at).format('MM-DD HH:mm:ss')}</span>
                </Tooltip>
                <span>{t(ongoing ? 'online.ongoing' : 'online.lasted', { duration: duration(lasted) })}</span>
              </span>
            </div>
          ),
        }))}
      />
      <div className="devpage-online-foot">
        <Typography.Text type="secondary" className="devpage-small">
          {t('online.kept', {
            shown: entries.length,
            total,
            max: DeviceConnectionLimits.keepPerDevice,
          })}
        </Typography.Text>
        {total > entries.length && step < STEPS.length - 1 ? (
          <Button
            size="small"
            type="link"
            loading={log.isFetching}
            onClick={() => setStep((s) => s + 1)}
            data-testid="devpage-online-more"
          >
            {t('online.more')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
