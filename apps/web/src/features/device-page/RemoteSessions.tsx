import { useState } from 'react';
import { Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatBytes, type TunnelStatus } from '@hmi/domain';
import { DATE_TIME_FORMAT, TIME_FORMAT } from '../../shared/format/date-time.ts';
import { remoteApi, remoteKeys, TunnelStatusTag } from '../remote/index.ts';
import { durationParts } from './connection-timeline.ts';
import { DEVICE_PAGE_POLL_MS } from './use-device-page.ts';

const PAGE_SIZE = 10;

interface Props {
  deviceId: number;
  /** The device's tunnel status now (GET /remote/status, then act 'tunnel'). */
  status: TunnelStatus | undefined;
}

/** The end of a session: its time, with the date only when it is another day than the start. */
const endText = (start: number, end: number) =>
  dayjs(end).format(dayjs(end).isSame(start, 'day') ? TIME_FORMAT : DATE_TIME_FORMAT);

/**
 * Remote access of one device: whether someone is on its screen now, and every recorded session
 * (who, when, how long, bytes both ways, why it ended), newest first.
 */
export function RemoteSessions({ deviceId, status }: Props) {
  const { t } = useTranslation(['remote', 'devicepage']);
  const [page, setPage] = useState(1);
  const sessions = useQuery({
    queryKey: remoteKeys.sessionsPage(deviceId, page, PAGE_SIZE),
    queryFn: ({ signal }) => remoteApi.sessions(deviceId, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DEVICE_PAGE_POLL_MS,
  });
  const duration = (ms: number) =>
    durationParts(ms)
      .map((p) => t(`devicepage:duration.${p.unit}`, { count: p.count }))
      .join(' ');
  const items = sessions.data?.items ?? [];
  const total = sessions.data?.total ?? 0;

  return (
    <div className="devpage-remote" data-testid="devpage-remote">
      <div className="devpage-list-head">
        <Typography.Text type="secondary">{t('sessions.status')}</Typography.Text>
        <TunnelStatusTag status={status} />
      </div>
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sessions.empty')} />
      ) : (
        <ul className="devpage-list" data-testid="devpage-remote-sessions">
          {items.map((r) => (
            <li
              key={r.session_id}
              className="devpage-list-item"
              data-testid="devpage-remote-session"
              data-reason={r.end_reason ?? ''}
            >
              <div className="devpage-list-head">
                <Typography.Text strong ellipsis={{ tooltip: r.user_name }} className="devpage-grow">
                  {r.user_name}
                </Typography.Text>
                <Tag>{r.mode === 'operate' ? t('sessions.modeOperate') : t('sessions.modeView')}</Tag>
              </div>
              <div className="devpage-list-meta">
                <span className="devpage-mono">
                  {dayjs(r.started_at).format(DATE_TIME_FORMAT)}
                  {r.ended_at !== null ? ` – ${endText(r.started_at, r.ended_at)}` : ''}
                </span>
                <span>
                  {r.ended_at !== null ? duration(r.ended_at - r.started_at) : t('sessions.ongoing')}
                </span>
              </div>
              <div className="devpage-list-meta">
                <span title={t('sessions.up')}>
                  <ArrowUpOutlined aria-label={t('sessions.up')} /> {formatBytes(r.bytes_up)}
                </span>
                <span title={t('sessions.down')}>
                  <ArrowDownOutlined aria-label={t('sessions.down')} /> {formatBytes(r.bytes_down)}
                </span>
                {r.end_reason ? <span>{t(`end.${r.end_reason}`)}</span> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE ? (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
