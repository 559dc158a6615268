import { useMemo } from 'react';
import { Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BillingCard, CardKind } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { cardHolding, cardStatusView, shownCardNumber } from './billing-display.ts';
import { useCardTypeName } from './use-card-types.ts';

type Columns = NonNullable<TableProps<BillingCard>['columns']>;

const when = (ms: number | null) =>
  ms === null ? <span className="device-muted">-</span> : formatDateTime(ms);

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('billing');
  const view = cardStatusView(status);
  return <Tag color={view.color}>{t(view.key)}</Tag>;
}

function Holding({ card }: { card: BillingCard }) {
  const { t } = useTranslation('billing');
  const parts = cardHolding(card);
  if (parts.length === 0) return <span className="device-muted">-</span>;
  return (
    <div className="billing-lines">
      {parts.map((p) => (
        <span key={p.key}>{t(p.key, p.params)}</span>
      ))}
    </div>
  );
}

function cardColumns(t: TFunction, nameOf: (type: CardKind) => string, compact: boolean): Columns {
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('card.column.card'),
      key: 'card',
      render: (_v, c) => (
        <div className="device-name-text">
          <span>{t(nameOf(c.type))}</span>
          <span className="device-sub device-mono">{shownCardNumber(c.number)}</span>
          {compact ? (
            <span className="device-sub">
              <StatusTag status={c.status} />
              {c.expires_at !== null ? t('card.until', { date: formatDateTime(c.expires_at) }) : null}
            </span>
          ) : null}
        </div>
      ),
    },
    ...desktop([
      {
        title: t('card.column.status'),
        dataIndex: 'status',
        width: 130,
        render: (s: number) => <StatusTag status={s} />,
      },
      { title: t('card.column.activatedAt'), dataIndex: 'activated_at', width: 180, render: when },
      { title: t('card.column.expiresAt'), dataIndex: 'expires_at', width: 180, render: when },
    ]),
    {
      title: t('card.column.holds'),
      key: 'holds',
      width: compact ? 150 : 240,
      render: (_v, c) => <Holding card={c} />,
    },
  ];
}

/** The team's cards, newest activation first (as the server sends them). */
export function CardTable({
  cards,
  loading,
  compact,
}: {
  cards: readonly BillingCard[] | undefined;
  loading: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation('billing');
  const nameOf = useCardTypeName();
  const columns = useMemo(() => cardColumns(t, nameOf, compact), [t, nameOf, compact]);
  return (
    <Table<BillingCard>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={cards ? [...cards] : []}
      loading={loading}
      tableLayout="fixed"
      scroll={compact ? undefined : { x: 860 }}
      pagination={false}
      data-testid="card-table"
      locale={{ emptyText: <div className="device-no-match">{t('card.empty')}</div> }}
    />
  );
}
