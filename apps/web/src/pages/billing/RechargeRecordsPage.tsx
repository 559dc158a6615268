import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Grid, Result, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { useBillingAccess } from '../../features/billing/use-billing-access.ts';
import { useRechargeRecords } from '../../features/billing/use-billing.ts';
import { useRechargeExport } from '../../features/billing/use-recharge-export.ts';
import { RechargeFilterBar } from '../../features/billing/RechargeFilterBar.tsx';
import { RechargeTable } from '../../features/billing/RechargeTable.tsx';
import {
  activeRechargeFilters,
  parseRechargeFilters,
  rechargeFiltersToSearch,
  toRechargeQuery,
  type RechargeFilters,
} from '../../features/billing/recharge-filters.ts';
import '../../shared/styles/page-list.css';
import '../../features/billing/billing.css';

/** /billing/rechargeRecord: the team's ledger of activations, allocations and expiries (22), filters in the URL. */
export function RechargeRecordsPage() {
  const { t } = useTranslation('billing');
  const compact = Grid.useBreakpoint().md === false;
  const allowed = useBillingAccess()(Perm.RechargeRecordView);
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseRechargeFilters(search), [search]);
  const update = useCallback(
    // Any filter change starts again on page 1.
    (change: Partial<RechargeFilters>) =>
      setSearch(rechargeFiltersToSearch({ ...filters, page: 1, ...change }), { replace: true }),
    [filters, setSearch],
  );
  const list = useRechargeRecords(toRechargeQuery(filters), allowed);
  const exporter = useRechargeExport();

  if (!allowed) return <Result status="403" title={t('errors:1002')} />;
  const reply = list.data;

  return (
    <div className="device-page" data-testid="recharge-page">
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('record.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('record.subtitle')}
          </Typography.Text>
        </div>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.busy}
          disabled={!reply?.total}
          onClick={() => void exporter.run(filters, t('record.fileStem'))}
          data-testid="recharge-export"
        >
          {t('record.export')}
        </Button>
      </div>
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <RechargeFilterBar filters={filters} onChange={update} compact={compact} />
        <RechargeTable
          records={reply?.list ?? []}
          total={reply?.total ?? 0}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          compact={compact}
          page={filters.page}
          pageSize={filters.pageSize}
          filtered={activeRechargeFilters(filters) > 0}
          onPage={(page, pageSize) =>
            setSearch(
              rechargeFiltersToSearch({
                ...filters,
                page: pageSize === filters.pageSize ? page : 1,
                pageSize,
              }),
              { replace: true },
            )
          }
        />
      </Card>
    </div>
  );
}
