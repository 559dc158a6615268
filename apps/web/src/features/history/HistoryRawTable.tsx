import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryRawReply, HistoryRow } from '@hmi/domain';
import type { RawPage } from './history.api.ts';
import { formatTime, formatValue } from './history-format.ts';
import { seriesColor } from './history-series.ts';
import type { LegendTag } from './HistoryLegend.tsx';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

interface Props {
  reply: HistoryRawReply | undefined;
  loading: boolean;
  tags: readonly LegendTag[];
  page: RawPage;
  onPage(page: RawPage): void;
  compact: boolean;
  mode: 'light' | 'dark';
  empty: React.ReactNode;
}

export const RAW_PAGE_SIZES = [20, 50, 100, 500] as const;

/** The raw values of the visible window, paged on the server; times in the browser's timezone. */
export function HistoryRawTable({ reply, loading, tags, page, onPage, compact, mode, empty }: Props) {
  const { t } = useTranslation('history');
  const byId = new Map(tags.map((tg, k) => [tg.id, { tag: tg, color: seriesColor(k, mode) }]));
  const total = reply?.total ?? 0;
  return (
    <PagedTable<HistoryRow>
      size="small"
      className="history-raw-table"
      data-testid="history-raw-table"
      rowKey={(r) => `${r.tag_id}-${r.ts}`}
      dataSource={reply?.list ?? []}
      loading={loading}
      locale={{ emptyText: empty }}
      // A phone: fixed widths for time and value, the tag name takes the rest (cut with an ellipsis).
      tableLayout={compact ? 'fixed' : undefined}
      columns={[
        {
          key: 'ts',
          title: t('raw.time'),
          dataIndex: 'ts',
          width: compact ? 136 : 240,
          sorter: true,
          sortOrder: page.order === 'asc' ? 'ascend' : 'descend',
          sortDirections: ['descend', 'ascend', 'descend'],
          showSorterTooltip: false,
          render: (ts: number) => <span className="history-mono">{formatTime(ts, compact)}</span>,
        },
        {
          key: 'tag',
          title: t('raw.tag'),
          dataIndex: 'tag_id',
          ellipsis: compact,
          render: (id: number) => {
            const hit = byId.get(id);
            return (
              <span className="history-raw-tag">
                <span
                  className="history-legend-swatch"
                  style={{ background: hit?.color ?? 'var(--app-border)' }}
                />
                <span className="history-raw-tag-name">{hit?.tag.name ?? t('raw.unknownTag', { id })}</span>
              </span>
            );
          },
        },
        {
          key: 'value',
          title: t('raw.value'),
          dataIndex: 'value',
          align: 'right',
          width: compact ? 96 : undefined,
          ellipsis: compact ? { showTitle: true } : false,
          render: (_v, r) => {
            const tag = byId.get(r.tag_id)?.tag;
            const text = formatValue(r.value, tag?.decimals ?? 0);
            if (text === null)
              return (
                <Tooltip title={t('raw.unavailableHint')}>
                  <Typography.Text type="secondary">{t('raw.unavailable')}</Typography.Text>
                </Tooltip>
              );
            return (
              <span className="history-mono">
                {text}
                {tag?.unit ? <span className="history-unit"> {tag.unit}</span> : null}
              </span>
            );
          },
        },
      ]}
      onChange={(pagination, _f, sorter, extra) => {
        if (extra.action === 'sort') {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          onPage({ ...page, page: 1, order: s?.order === 'ascend' ? 'asc' : 'desc' });
        } else if (extra.action === 'paginate') {
          onPage({ ...page, page: pagination.current ?? 1, pageSize: pagination.pageSize ?? page.pageSize });
        }
      }}
      compact={compact}
      paging={{
        page: page.page,
        pageSize: page.pageSize,
        total,
        sizes: RAW_PAGE_SIZES,
        totalText: (n) =>
          reply?.total_capped ? t('raw.totalCapped', { count: n }) : t('raw.total', { count: n }),
        hideOnSinglePage: false,
        small: 'phones',
      }}
    />
  );
}
