import { useState } from 'react';
import { Grid, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { NotifyDelivery } from '@hmi/domain';
import { useDeliveries } from '../notify/index.ts';
import { deliveryReason } from './delivery-reason.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

const PAGE_SIZE = 10;

/** The user's mail deliveries (alarm mails and tests), newest first, each with its result. */
export function DeliveryLog() {
  const { t } = useTranslation('profile');
  const compact = Grid.useBreakpoint().md === false;
  const [page, setPage] = useState(1);
  const list = useDeliveries(page, PAGE_SIZE);

  const result = (d: NotifyDelivery) =>
    d.ok ? (
      <Tag color="success">{t('notify.log.ok')}</Tag>
    ) : (
      <Tooltip title={deliveryReason(d.error)}>
        <Tag color="error">{t('notify.log.failed')}</Tag>
      </Tooltip>
    );

  const columns: TableProps<NotifyDelivery>['columns'] = compact
    ? [
        {
          key: 'delivery',
          render: (_v, d) => (
            <div className="profile-delivery-cell">
              <span>
                {result(d)} {d.subject}
              </span>
              <Typography.Text type="secondary" className="profile-notify-note">
                {dayjs(d.created_at).format('YYYY-MM-DD HH:mm:ss')} · {t(`notify.log.kind.${d.kind}`)} ·{' '}
                {d.destination}
              </Typography.Text>
              {d.ok ? null : (
                <Typography.Text type="danger" className="profile-notify-note">
                  {deliveryReason(d.error)}
                </Typography.Text>
              )}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'time',
          title: t('notify.log.time'),
          dataIndex: 'created_at',
          width: 160,
          render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          key: 'kind',
          title: t('notify.log.kindTitle'),
          dataIndex: 'kind',
          width: 90,
          render: (v: NotifyDelivery['kind']) => t(`notify.log.kind.${v}`),
        },
        {
          key: 'to',
          title: t('notify.log.destination'),
          dataIndex: 'destination',
          width: 180,
          ellipsis: true,
        },
        { key: 'subject', title: t('notify.log.subject'), dataIndex: 'subject', ellipsis: true },
        {
          key: 'result',
          title: t('notify.log.result'),
          width: 110,
          render: (_v, d) => result(d),
        },
      ];

  return (
    <div data-testid="delivery-log">
      <Typography.Title level={5} className="profile-notify-log-title">
        {t('notify.log.title')}
      </Typography.Title>
      <PagedTable<NotifyDelivery>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        tableLayout="fixed"
        showHeader={!compact}
        locale={{ emptyText: t('notify.log.empty') }}
        compact={compact}
        paging={{ page: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
      />
    </div>
  );
}
