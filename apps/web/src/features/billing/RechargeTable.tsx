import { useMemo } from 'react';
import { Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CardKind, RechargeRecordItem } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { shownCardNumber } from './billing-display.ts';
import { RecordDetail } from './RecordDetail.tsx';
import { recordKindKey } from './record-detail.ts';
import { RECHARGE_PAGE_SIZES } from './recharge-filters.ts';
import { useCardTypeName } from './use-card-types.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

type Columns = NonNullable<TableProps<RechargeRecordItem>['columns']>;

const KIND_COLOR: Record<RechargeRecordItem['kind'], string> = {
  activation: 'blue',
  allocation: 'green',
  expiry: 'orange',
};

function columnsOf(t: TFunction, nameOf: (type: CardKind) => string, compact: boolean): Columns {
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  const kind = (r: RechargeRecordItem) => (
    <Tag color={KIND_COLOR[r.kind]} data-testid="record-kind">
      {t(recordKindKey(r))}
    </Tag>
  );
  return [
    {
      title: t('record.column.time'),
      dataIndex: 'created_at',
      width: compact ? 130 : 180,
      render: (ms: number, r) =>
        compact ? (
          <div className="device-name-text">
            {kind(r)}
            <span className="device-sub">{formatDateTime(ms)}</span>
          </div>
        ) : (
          formatDateTime(ms)
        ),
    },
    ...desktop([{ title: t('record.column.kind'), key: 'kind', width: 150, render: (_v, r) => kind(r) }]),
    {
      title: t('record.column.card'),
      key: 'card',
      width: compact ? undefined : 190,
      render: (_v, r) => (
        <div className="device-name-text">
          <span>{t(nameOf(r.type))}</span>
          <span className="device-sub device-mono">{shownCardNumber(r.card_number)}</span>
          {compact && r.device_name ? (
            <span className="device-sub">{t('record.toDevice', { name: r.device_name })}</span>
          ) : null}
          {compact ? <RecordDetail record={r} /> : null}
        </div>
      ),
    },
    ...desktop([
      {
        title: t('record.column.device'),
        dataIndex: 'device_id',
        width: 160,
        ellipsis: true,
        render: (id: number | null, r) =>
          id === null ? (
            <span className="device-muted">-</span>
          ) : r.device_name === null ? (
            // Out of the caller's data scope (or no longer the team's): the name is not told.
            <span className="device-muted" data-testid="record-device-hidden">
              {t('record.deviceHidden')}
            </span>
          ) : (
            <DeviceNameLink id={id} name={r.device_name} />
          ),
      },
      { title: t('record.column.detail'), key: 'detail', render: (_v, r) => <RecordDetail record={r} /> },
      {
        title: t('record.column.user'),
        dataIndex: 'user_name',
        width: 150,
        ellipsis: true,
        render: (name: string | null) => name ?? <span className="device-muted">-</span>,
      },
    ]),
  ];
}

interface Props {
  records: readonly RechargeRecordItem[];
  total: number;
  loading: boolean;
  compact: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  filtered: boolean;
}

/** The team's ledger, newest first, a page at a time. */
export function RechargeTable(p: Props) {
  const { t } = useTranslation('billing');
  const nameOf = useCardTypeName();
  const columns = useMemo(() => columnsOf(t, nameOf, p.compact), [t, nameOf, p.compact]);
  return (
    <PagedTable<RechargeRecordItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={[...p.records]}
      loading={p.loading}
      tableLayout="fixed"
      scroll={p.compact ? undefined : { x: 980 }}
      data-testid="recharge-table"
      compact={p.compact}
      paging={{
        page: p.page,
        pageSize: p.pageSize,
        total: p.total,
        sizes: RECHARGE_PAGE_SIZES,
        totalText: (total) => t('record.total', { count: total }),
        hideOnSinglePage: false,
        onChange: p.onPage,
      }}
      locale={{
        emptyText: (
          <div className="device-no-match">{p.filtered ? t('record.noMatch') : t('record.empty')}</div>
        ),
      }}
    />
  );
}
