import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Table, Tooltip } from 'antd';
import { ApiOutlined, SendOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { trafficMonthOf, type BillingCard } from '@hmi/domain';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { DeviceTrafficDrawer } from './DeviceTrafficDrawer.tsx';
import { RaAllocateDialog } from './RaAllocateDialog.tsx';
import { RaTrafficNotes } from './RaTrafficNotes.tsx';
import { raTrafficColumns } from './ra-traffic-columns.tsx';
import { allocatableRaCards, prompt12gState, visibleRows, type MonthRow } from './traffic-display.ts';
import { useMonthTraffic } from './use-traffic.ts';

interface Props {
  /** ra-allocate 21: the list, the switch, allocating cards. */
  canAllocate: boolean;
  /** ra-charge 20: the "activate" hint leads to the dialog. */
  canActivate: boolean;
  cards: readonly BillingCard[] | undefined;
  compact: boolean;
  onActivate(): void;
}

/**
 * Remote Access in My account (issue 24): each device's traffic of a month with its switch and
 * 12G prompt, allocating an RA card's traffic to a device, and a device's months in a drawer.
 * `?device=N` (the remote screen's links) shows that device; `?ra=1` scrolls here.
 */
export function RaTrafficSection({ canAllocate, canActivate, cards, compact, onActivate }: Props) {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const current = trafficMonthOf(Date.now());
  const [month, setMonth] = useState(current);
  const [search, setSearch] = useState<string>();
  const [allocating, setAllocating] = useState<{ deviceId?: number }>();
  const [drawer, setDrawer] = useState<{ id: number; name: string | null }>();
  const deviceParam = Number(params.get('device'));
  const device = Number.isSafeInteger(deviceParam) && deviceParam > 0 ? deviceParam : undefined;
  const list = useMonthTraffic(month, canAllocate);
  const rows = useMemo(
    () => visibleRows(list.data?.list ?? [], { device, search }),
    [list.data, device, search],
  );
  const free = allocatableRaCards(cards);
  const asking = (list.data?.list ?? []).filter((r) => prompt12gState(r) === 'ask');
  const ref = useRef<HTMLDivElement>(null);
  const scroll = params.get('ra') === '1';
  useEffect(() => {
    if (scroll) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [scroll]);

  /** The header's button (disabled with the reason when no card is free; icon only on phones). */
  const allocateButton = (
    <Tooltip
      title={free.length === 0 ? t('traffic.noFreeCard') : compact ? t('traffic.allocate') : undefined}
    >
      <Button
        icon={<SendOutlined />}
        disabled={free.length === 0}
        onClick={() => setAllocating({})}
        aria-label={t('traffic.allocate')}
        data-testid="ra-allocate"
      >
        {compact ? null : t('traffic.allocate')}
      </Button>
    </Tooltip>
  );
  const reset = () => {
    setMonth(current);
    setSearch(undefined);
    if (device !== undefined) setParams((p) => (p.delete('device'), p), { replace: true });
  };

  return (
    <div ref={ref} id="ra-traffic">
      <Card
        className="device-card"
        title={
          <span>
            <ApiOutlined /> {t('traffic.title')}
          </span>
        }
        styles={{ body: { padding: compact ? 8 : 16 } }}
        extra={canAllocate && !compact ? allocateButton : null}
        data-testid="ra-traffic"
      >
        {!canAllocate ? (
          <Alert type="info" showIcon title={t('traffic.noRight')} data-testid="ra-no-right" />
        ) : (
          <>
            <RaTrafficNotes cards={cards} asking={asking} canActivate={canActivate} onActivate={onActivate} />
            <FilterBar
              compact={compact}
              lead={
                <SearchInput
                  value={search}
                  onSearch={setSearch}
                  placeholder={t('traffic.search')}
                  className="device-search"
                  testId="ra-search"
                />
              }
              active={(month !== current ? 1 : 0) + (device !== undefined ? 1 : 0)}
              onReset={reset}
              texts={{ reset: t('filter.reset'), toggle: t('filter.title') }}
              extra={compact && canAllocate ? allocateButton : null}
              testIds={{ toggle: 'ra-filter-toggle', reset: 'ra-reset' }}
            >
              <DatePicker
                picker="month"
                allowClear={false}
                value={dayjs(`${month}-01`)}
                format="YYYY-MM"
                onChange={(d) => setMonth(d ? d.format('YYYY-MM') : current)}
                className="device-filter"
                data-testid="ra-month"
              />
            </FilterBar>
            <Table<MonthRow>
              rowKey="device_id"
              size="middle"
              tableLayout="fixed"
              loading={list.isPending && !list.isError}
              dataSource={rows}
              pagination={rows.length > 20 ? { pageSize: 20, simple: compact } : false}
              data-testid="ra-traffic-table"
              locale={{ emptyText: <div className="device-no-match">{t('traffic.empty')}</div> }}
              columns={raTrafficColumns({
                t,
                compact,
                current,
                canAllocateRow: free.length > 0,
                onAllocate: (deviceId) => setAllocating({ deviceId }),
                onMonths: setDrawer,
              })}
            />
            <RaAllocateDialog
              open={allocating !== undefined}
              cards={free}
              deviceId={allocating?.deviceId}
              onClose={() => setAllocating(undefined)}
            />
          </>
        )}
      </Card>
      <DeviceTrafficDrawer device={drawer} onClose={() => setDrawer(undefined)} />
    </div>
  );
}
