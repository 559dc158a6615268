import { useState } from 'react';
import { Table, Tag, Typography, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes, type RemoteSessionRecord, type TunnelStatus } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { remoteApi, remoteKeys, TunnelStatusTag } from '../remote/index.ts';
import { durationParts } from './connection-timeline.ts';
import { DEVICE_PAGE_POLL_MS } from './use-device-page.ts';

const PAGE_SIZE = 10;

interface Props {
  deviceId: number;
  /** The device's tunnel status now (GET /remote/status, then act 'tunnel'). */
  status: TunnelStatus | undefined;
  compact: boolean;
}

/**
 * Remote access of one device: whether someone is on its screen now, and every recorded session
 * (who, when, how long, bytes both ways, why it ended), newest first.
 */
export function RemoteSessions({ deviceId, status, compact }: Props) {
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

  const columns: TableProps<RemoteSessionRecord>['columns'] = [
    {
      key: 'user',
      title: t('sessions.user'),
      render: (_v, r) => (
        <span>
          {r.user_name}{' '}
          <Tag variant="outlined">
            {r.mode === 'operate' ? t('sessions.modeOperate') : t('sessions.modeView')}
          </Tag>
        </span>
      ),
    },
    { key: 'started', title: t('sessions.started'), render: (_v, r) => formatDateTime(r.started_at) },
    ...(compact
      ? []
      : [
          {
            key: 'ended',
            title: t('sessions.ended'),
            render: (_v: unknown, r: RemoteSessionRecord) =>
              r.ended_at !== null ? formatDateTime(r.ended_at) : t('sessions.ongoing'),
          },
        ]),
    {
      key: 'duration',
      title: t('sessions.duration'),
      render: (_v, r) => (r.ended_at !== null ? duration(r.ended_at - r.started_at) : t('sessions.ongoing')),
    },
    { key: 'up', title: t('sessions.up'), align: 'right', render: (_v, r) => formatBytes(r.bytes_up) },
    { key: 'down', title: t('sessions.down'), align: 'right', render: (_v, r) => formatBytes(r.bytes_down) },
    {
      key: 'reason',
      title: t('sessions.reason'),
      render: (_v, r) => (r.end_reason ? t(`end.${r.end_reason}`) : '—'),
    },
  ];

  return (
    <div className="devpage-remote" data-testid="devpage-remote">
      <div className="devpage-remote-now">
        <Typography.Text type="secondary">{t('sessions.status')}</Typography.Text>{' '}
        <TunnelStatusTag status={status} />
      </div>
      <Table<RemoteSessionRecord>
        rowKey="session_id"
        size="small"
        data-testid="devpage-remote-sessions"
        columns={columns}
        dataSource={sessions.data?.items ?? []}
        loading={sessions.isPending}
        scroll={{ x: compact ? 560 : 820 }}
        locale={{ emptyText: t('sessions.empty') }}
        pagination={
          (sessions.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: sessions.data?.total ?? 0,
                onChange: setPage,
                simple: compact,
              }
            : false
        }
      />
    </div>
  );
}
