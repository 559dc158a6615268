import { useState } from 'react';
import { Alert, Drawer, Grid, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';
import { useWebhookDeliveries } from './use-webhooks.ts';

type Columns = NonNullable<TableProps<WebhookDelivery>['columns']>;

const stateColor = { delivered: 'success', pending: 'processing', failed: 'error' } as const;

function DeliveryState({ d }: { d: WebhookDelivery }) {
  const { t } = useTranslation('webhook');
  const tag = (
    <Tag color={stateColor[d.state]} data-testid={`webhook-delivery-state-${d.id}`}>
      {t(`log.state.${d.state}`)}
    </Tag>
  );
  return d.next_attempt_at !== null ? (
    <Tooltip title={t('log.nextAttempt', { at: formatDateTime(d.next_attempt_at) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** The answer's start, or the attempt's error (a refused address, a timeout). */
function Excerpt({ d }: { d: WebhookDelivery }) {
  const text = d.excerpt ?? d.error;
  if (!text) return <span className="device-muted">—</span>;
  return (
    <Typography.Text
      className="webhook-excerpt"
      type={d.excerpt ? undefined : 'danger'}
      ellipsis={{ tooltip: text }}
    >
      {text}
    </Typography.Text>
  );
}

function columns(t: TFunction, compact: boolean): Columns {
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('log.column.event'),
      dataIndex: 'event',
      render: (_v, d) => (
        <div className="device-name-text">
          <span>{t(`event.${d.event}`)}</span>
          <span className="list-sub">{formatDateTime(d.created_at)}</span>
          {compact ? (
            <>
              <span className="list-sub">
                {d.status ?? '—'} · {d.latency_ms !== null ? t('log.ms', { ms: d.latency_ms }) : '—'}
              </span>
              <Excerpt d={d} />
            </>
          ) : null}
        </div>
      ),
    },
    { title: t('log.column.state'), key: 'state', width: 110, render: (_v, d) => <DeliveryState d={d} /> },
    ...desktop([
      { title: t('log.column.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
      {
        title: t('log.column.status'),
        dataIndex: 'status',
        width: 80,
        align: 'right',
        render: (s) => s ?? '—',
      },
      {
        title: t('log.column.latency'),
        dataIndex: 'latency_ms',
        width: 100,
        align: 'right',
        render: (ms: number | null) => (ms !== null ? t('log.ms', { ms }) : '—'),
      },
      {
        title: t('log.column.excerpt'),
        key: 'excerpt',
        ellipsis: true,
        render: (_v, d) => <Excerpt d={d} />,
      },
    ]),
  ];
}

/** An endpoint's deliveries, newest first, a page at a time; pending ones refresh by themselves. */
export function WebhookDeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('webhook');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const log = useWebhookDeliveries(endpoint?.id, paging.page, paging.pageSize);
  return (
    <Drawer
      open={endpoint !== undefined}
      onClose={onClose}
      title={t('log.title', { name: endpoint?.name ?? '' })}
      size={screens.lg ? 880 : '100%'}
      destroyOnHidden
      data-testid="webhook-log"
    >
      {log.isError ? <Alert type="error" showIcon title={t('log.loadFailed')} /> : null}
      <PagedTable<WebhookDelivery>
        rowKey="id"
        size="small"
        compact={compact}
        loading={log.isPending}
        dataSource={log.data?.list}
        columns={columns(t, compact)}
        locale={{ emptyText: t('log.empty') }}
        paging={{
          page: paging.page,
          pageSize: paging.pageSize,
          total: log.data?.total ?? 0,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
          sizes: [20, 50, 100],
        }}
        data-testid="webhook-log-table"
      />
    </Drawer>
  );
}
