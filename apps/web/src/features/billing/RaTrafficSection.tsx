import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Table, Tooltip } from 'antd';
import { ApiOutlined, FileSearchOutlined, SendOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatBytes, trafficMonthOf, type BillingCard } from '@hmi/domain';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { DeviceTrafficDrawer } from './DeviceTrafficDrawer.tsx';
import { RaAllocateDialog } from './RaAllocateDialog.tsx';
import { TrafficMonthSwitch } from './TrafficMonthSwitch.tsx';
import {
  allocatableRaCards,
  hasActiveRaCard,
  prompt12gState,
  visibleRows,
  type MonthRow,
} from './traffic-display.ts';
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
            {!hasActiveRaCard(cards) ? (
              <Alert
                type="info"
                showIcon
                className="billing-note"
                title={t('traffic.noCard')}
                action={
                  canActivate ? (
                    <Button size="small" type="primary" onClick={onActivate} data-testid="ra-activate-hint">
                      {t('account.activate.ra')}
                    </Button>
                  ) : undefined
                }
                data-testid="ra-no-card"
              />
            ) : null}
            {asking.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                className="billing-note"
                title={t('traffic.prompt.alert', {
                  count: asking.length,
                  names: asking.map((r) => r.name).join(', '),
                })}
                data-testid="ra-12g-alert"
              />
            ) : null}
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
              columns={[
                {
                  title: t('allocation.column.device'),
                  key: 'device',
                  render: (_v, r) => (
                    <div className="device-name-text">
                      <DeviceNameLink id={r.device_id} name={r.name ?? `#${r.device_id}`} />
                      {compact ? (
                        <>
                          <span className="device-sub">
                            {t('traffic.used', { used: formatBytes(r.used_bytes) })}
                          </span>
                          <span className="device-sub">
                            {t('traffic.left', { left: formatBytes(r.remaining_bytes) })}
                          </span>
                        </>
                      ) : null}
                    </div>
                  ),
                },
                {
                  title: t('traffic.column.switch'),
                  key: 'switch',
                  width: compact ? 96 : 200,
                  render: (_v, r) => <TrafficMonthSwitch row={r} current={current} />,
                },
                ...(compact
                  ? []
                  : [
                      {
                        title: t('traffic.column.used'),
                        dataIndex: 'used_bytes',
                        width: 120,
                        align: 'right' as const,
                        render: (b: number) => formatBytes(b),
                      },
                      {
                        title: t('traffic.column.left'),
                        dataIndex: 'remaining_bytes',
                        width: 120,
                        align: 'right' as const,
                        render: (b: number) => formatBytes(b),
                      },
                    ]),
                {
                  title: compact ? '' : t('traffic.column.actions'),
                  key: 'actions',
                  width: compact ? 76 : 230,
                  render: (_v, r) => (
                    <div className="billing-row-actions">
                      {free.length > 0 ? (
                        <Button
                          size="small"
                          icon={<SendOutlined />}
                          onClick={() => setAllocating({ deviceId: r.device_id })}
                          aria-label={t('traffic.allocate')}
                          data-testid="ra-allocate-row"
                        >
                          {compact ? null : t('traffic.allocate')}
                        </Button>
                      ) : null}
                      <Button
                        size="small"
                        icon={<FileSearchOutlined />}
                        onClick={() => setDrawer({ id: r.device_id, name: r.name })}
                        aria-label={t('traffic.months')}
                        data-testid="ra-months"
                      >
                        {compact ? null : t('traffic.months')}
                      </Button>
                    </div>
                  ),
                },
              ]}
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
