import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Grid, Result, Tabs, Typography } from 'antd';
import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type AlarmRecord } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { save } from '../../features/history/use-history-export.ts';
import { timezoneOffsetHours } from '../../features/history/history-range.ts';
import { alarmApi } from '../../features/alarm/alarm.api.ts';
import { AlarmRecordFilterBar } from '../../features/alarm/AlarmRecordFilterBar.tsx';
import { AlarmRecordTable } from '../../features/alarm/AlarmRecordTable.tsx';
import { AlarmRecordDrawer } from '../../features/alarm/AlarmRecordDrawer.tsx';
import { useAcknowledge, useAlarmRecords } from '../../features/alarm/use-alarm-records.ts';
import {
  parseRecordFilters,
  recordFiltersToSearch,
  toExportBody,
  toRecordQuery,
  type RecordFilters,
  type RecordTab,
} from '../../features/alarm/record-filters.ts';
import '../../shared/styles/page-list.css';
import '../../features/history/history.css';
import '../../features/alarm/alarm.css';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /alarm/alarmRecords: open alarms ("Active") and every record ("History") with filters kept in
 * the URL; unanswered alarms are acknowledged one by one or in bulk. The lists refresh on every
 * alarm event (the notify socket invalidates ['alarm']) and every 15 s as a fallback.
 */
export function AlarmRecordsPage() {
  const { t } = useTranslation('alarm');
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const allowed = can(Perm.DeviceAlarm);
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseRecordFilters(search), [search]);
  const update = useCallback(
    (change: Partial<RecordFilters>) => {
      // Any filter change starts again on page 1; paging keeps the rest.
      const next = { ...filters, page: 1, ...change };
      if (change.tab && change.tab !== filters.tab) next.state = 0;
      setSearch(recordFiltersToSearch(next), { replace: true });
    },
    [filters, setSearch],
  );

  const list = useAlarmRecords(toRecordQuery(filters), allowed);
  const open = useAlarmRecords({ active: 'true', page: 1, page_size: 1 }, allowed);
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const unselect = useCallback(
    (ids: number[]) => setSelected((s) => s.filter((id) => !ids.includes(id))),
    [],
  );
  const { acknowledge, acking, pending } = useAcknowledge(unselect);
  // The opened record as the list shows it now (a recovered one may leave the active tab: keep it).
  const [opened, setOpened] = useState<AlarmRecord>();
  const shown = opened ? (list.data?.list.find((r) => r.id === opened.id) ?? opened) : undefined;

  const exportRecords = async () => {
    setExporting(true);
    try {
      const bytes = await alarmApi.exportRecords(toExportBody(filters, timezoneOffsetHours()));
      save(bytes, XLSX, `${t('files.records')}-${filters.tab}.xlsx`);
    } catch (e) {
      toastFailure(e);
    } finally {
      setExporting(false);
    }
  };

  if (!allowed) return <Result status="403" title={t('errors:1002')} />;

  const reply = list.data;
  const openCount = open.data?.total;
  const tabLabel = (tab: RecordTab) =>
    tab === 'active' && openCount !== undefined
      ? t('record.tabActiveCount', { count: openCount })
      : t(`record.tab.${tab}`);

  return (
    <div className="device-page alarm-page" data-testid="alarm-records-page">
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('record.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {openCount !== undefined ? t('record.openSummary', { count: openCount }) : '\u00a0'}
          </Typography.Text>
        </div>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!reply?.total}
          onClick={() => void exportRecords()}
          data-testid="alarm-record-export"
        >
          {t('files.exportRecords')}
        </Button>
      </div>
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16, paddingTop: 4 } }}>
        <Tabs
          activeKey={filters.tab}
          onChange={(tab) => {
            setSelected([]);
            update({ tab: tab as RecordTab });
          }}
          items={(['active', 'history'] as const).map((tab) => ({
            key: tab,
            label: <span data-testid={`alarm-tab-${tab}`}>{tabLabel(tab)}</span>,
          }))}
        />
        <AlarmRecordFilterBar filters={filters} onChange={update} compact={compact} />
        {selected.length > 0 ? (
          <div className="device-bulk" data-testid="alarm-record-bulk">
            <span className="device-bulk-count">{t('bulk.selected', { count: selected.length })}</span>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              loading={pending && acking.length > 1}
              onClick={() => acknowledge(selected)}
              data-testid="alarm-record-bulk-ack"
            >
              {t('record.ackSelected')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('bulk.clear')}
            </Button>
          </div>
        ) : null}
        <AlarmRecordTable
          records={reply?.list ?? []}
          total={reply?.total ?? 0}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          compact={compact}
          page={filters.page}
          pageSize={filters.pageSize}
          onPage={(page, pageSize) =>
            setSearch(
              recordFiltersToSearch({ ...filters, page: pageSize === filters.pageSize ? page : 1, pageSize }),
              {
                replace: true,
              },
            )
          }
          canAck={allowed}
          acking={acking}
          selected={selected}
          onSelect={setSelected}
          onAck={acknowledge}
          onOpen={setOpened}
          empty={
            <div className="alarm-empty" data-testid="alarm-record-empty">
              {filters.tab === 'active' ? t('record.emptyActive') : t('record.emptyHistory')}
            </div>
          }
        />
      </Card>
      <AlarmRecordDrawer
        record={shown}
        onClose={() => setOpened(undefined)}
        canAck={allowed}
        acking={shown !== undefined && acking.includes(shown.id)}
        onAck={(id, comment) => acknowledge([id], comment)}
      />
    </div>
  );
}
