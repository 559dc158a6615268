import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, DatePicker, Empty, Grid, Segmented, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { HistoryLimits, MenuPath, TagDataType } from '@hmi/domain';
import { useThemeMode } from '../../shared/preferences/theme-mode-context.ts';
import { DevicePicker } from '../../features/history/DevicePicker.tsx';
import { TagPicker } from '../../features/history/TagPicker.tsx';
import { HistoryChart } from '../../features/history/HistoryChart.tsx';
import { HistoryChartBar } from '../../features/history/HistoryChartBar.tsx';
import { HistoryRawTable } from '../../features/history/HistoryRawTable.tsx';
import { HistoryFailure } from '../../features/history/HistoryFailure.tsx';
import type { LegendTag } from '../../features/history/HistoryLegend.tsx';
import { useHistoryDevice } from '../../features/history/use-history-device.ts';
import {
  useHistoryExtent,
  useHistoryRaw,
  useHistorySeries,
} from '../../features/history/use-history-queries.ts';
import { useHistoryExport } from '../../features/history/use-history-export.ts';
import type { ExportFormat, HistoryScope, RawPage } from '../../features/history/history.api.ts';
import { buildChartData } from '../../features/history/history-series.ts';
import { utcLabel } from '../../features/history/history-format.ts';
import {
  DEFAULT_PRESET,
  historyParamsToSearch,
  parseHistoryParams,
  type HistoryParams,
} from '../../features/history/history-params.ts';
import {
  clampRange,
  fitPreset,
  presetRange,
  rangePresets,
  sameRange,
  seriesWidth,
  timezoneOffsetHours,
  zoomTo,
  type RangePreset,
  type TimeRange,
} from '../../features/history/history-range.ts';
import '../../features/history/history.css';

/** Tags chosen for the user when a device is picked: the first ones the chart can draw. */
const AUTO_TAGS = 3;

/** A window and what it belongs to: zoom and table paging start over when the query changes. */
interface Keyed<T> {
  key: string;
  value: T;
}

/**
 * History data: a device, up to 10 of its tags and a time range; a chart of the downsampled
 * series with zoom and pan, the raw values below, and export of the visible window.
 */
export function HistoryPage() {
  const { t } = useTranslation('history');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const { mode } = useThemeMode();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseHistoryParams(search), [search]);
  const update = useCallback(
    (next: Partial<HistoryParams>) =>
      setSearch(historyParamsToSearch({ ...params, ...next }), { replace: true }),
    [params, setSearch],
  );

  // Presets count back from the moment they were chosen (or refreshed), not from every render.
  const [anchor, setAnchor] = useState(() => Date.now());

  const { device, tags, loadingTags } = useHistoryDevice(params.deviceId);
  const detail = device.data && device.data.id === params.deviceId ? device.data : undefined;

  // Picking a device chooses its first drawable tags, once; clearing them afterwards sticks.
  const autoPicked = useRef<number | undefined>(params.tagIds.length ? params.deviceId : undefined);
  useEffect(() => {
    if (!params.deviceId || loadingTags || autoPicked.current === params.deviceId) return;
    if (!detail) return;
    autoPicked.current = params.deviceId;
    if (params.tagIds.length > 0 || tags.length === 0) return;
    const first = tags.filter((tg) => tg.data_type !== TagDataType.STRING).slice(0, AUTO_TAGS);
    update({ tagIds: (first.length ? first : tags.slice(0, 1)).map((tg) => tg.id) });
  }, [params.deviceId, params.tagIds.length, loadingTags, detail, tags, update]);

  const chosen: LegendTag[] = useMemo(() => {
    const byId = new Map(tags.map((tg) => [tg.id, tg]));
    return params.tagIds.flatMap((id) => {
      const tg = byId.get(id);
      return tg ? [{ id, name: tg.name, unit: tg.unit, decimals: tg.decimals, dataType: tg.data_type }] : [];
    });
  }, [tags, params.tagIds]);

  // No range chosen: the shortest preset that shows the tags' recent data (an hour-old device: 1 h).
  const chosenIds = useMemo(() => chosen.map((c) => c.id), [chosen]);
  const extent = useHistoryExtent(params.deviceId, chosenIds, params.auto === true);
  const fitting = params.auto === true && extent.isPending && extent.fetchStatus !== 'idle';
  const preset = params.auto && extent.isSuccess ? fitPreset(extent.data, anchor) : params.preset;
  const range: TimeRange = useMemo(
    () =>
      preset
        ? presetRange(preset, anchor)
        : clampRange(params.custom ?? presetRange(DEFAULT_PRESET, anchor), anchor),
    [preset, params.custom, anchor],
  );

  const baseKey = `${params.deviceId}|${chosen.map((c) => c.id).join(',')}|${range.from}|${range.to}`;
  const [zoom, setZoom] = useState<Keyed<TimeRange> | null>(null);
  const view = zoom && zoom.key === baseKey ? zoom.value : range;
  const zoomed = !sameRange(view, range);
  const setView = (next: TimeRange) => setZoom({ key: baseKey, value: next });

  const scope: HistoryScope | undefined =
    params.deviceId && detail && chosen.length > 0 && !fitting
      ? { deviceId: params.deviceId, tagIds: chosen.map((c) => c.id), from: view.from, to: view.to }
      : undefined;

  const [plotPx, setPlotPx] = useState(0);
  const width = plotPx > 0 ? seriesWidth(plotPx) : 0;
  const series = useHistorySeries(scope, width);
  const chartData = useMemo(
    () => (series.data && scope ? buildChartData(series.data, scope.tagIds) : undefined),
    // The reply belongs to the scope it was asked for; the ids are what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series.data, scope?.tagIds.join(',')],
  );

  const viewKey = `${baseKey}|${view.from}|${view.to}`;
  const [rawState, setRawState] = useState<Keyed<RawPage> | null>(null);
  const rawPage: RawPage =
    rawState && rawState.key === viewKey
      ? rawState.value
      : { page: 1, pageSize: rawState?.value.pageSize ?? 20, order: rawState?.value.order ?? 'desc' };
  const raw = useHistoryRaw(scope, rawPage);

  const exporter = useHistoryExport();
  const rawTotal = raw.data && !raw.isPlaceholderData ? raw.data : undefined;
  const tooManyForXlsx = rawTotal
    ? rawTotal.total_capped || rawTotal.total > HistoryLimits.xlsxRowsMax
    : false;
  const doExport = (format: ExportFormat) => {
    if (!scope || !detail) return;
    const stem = `${detail.name.replace(/[\\/:*?"<>|\s]+/g, '_')}_${dayjs(view.from).format('YYYYMMDD-HHmmss')}_${dayjs(view.to).format('YYYYMMDD-HHmmss')}`;
    void exporter.run(scope, format, stem);
  };

  const refresh = () => {
    if (preset) setAnchor(Date.now());
    else {
      void series.refetch();
      void raw.refetch();
    }
  };

  const choosePreset = (chosenPreset: RangePreset) => {
    setAnchor(Date.now());
    update({ preset: chosenPreset, custom: undefined, auto: undefined });
  };
  const chooseCustom = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [a, b] = values ?? [];
    if (!a || !b) return;
    update({
      preset: undefined,
      auto: undefined,
      custom: clampRange({ from: a.valueOf(), to: b.valueOf() }, Date.now()),
    });
  };

  const tzHours = timezoneOffsetHours();
  const noData = series.data && !series.isPlaceholderData && chartData && chartData.rows === 0;

  let overlay: React.ReactNode = null;
  if (!params.deviceId) {
    overlay = (
      <Empty
        image={<LineChartOutlined className="history-empty-icon" />}
        description={<span data-testid="history-empty-device">{t('empty.noDevice')}</span>}
      />
    );
  } else if (detail && !loadingTags && tags.length === 0) {
    overlay = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span data-testid="history-empty-tags">
            {detail.template_id ? t('empty.templateNoTags') : t('empty.noTemplate')}
          </span>
        }
      >
        <Link to={detail.template_id ? MenuPath.TemplateList : MenuPath.DeviceList}>
          {detail.template_id ? t('empty.openTemplates') : t('empty.openDevices')}
        </Link>
      </Empty>
    );
  } else if (detail && !loadingTags && chosen.length === 0) {
    overlay = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="history-empty-choose">{t('empty.chooseTags')}</span>}
      />
    );
  } else if (series.isError && !series.isFetching) {
    overlay = <HistoryFailure error={series.error} />;
  } else if (noData) {
    overlay = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="history-empty-data">{t('empty.noData')}</span>}
      >
        <Space wrap>
          {zoomed ? (
            <Button size="small" onClick={() => setZoom(null)}>
              {t('chart.reset')}
            </Button>
          ) : null}
          {(['7d', '30d'] as const)
            .filter((p) => range.to - range.from < presetRange(p, 0).to - presetRange(p, 0).from)
            .map((p) => (
              <Button key={p} size="small" onClick={() => choosePreset(p)}>
                {t(`preset.${p}`)}
              </Button>
            ))}
        </Space>
      </Empty>
    );
  }

  return (
    <div className="history-page" data-testid="history-page">
      <div className="history-head">
        <div>
          <h1 className="history-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="history-sub">
            {t('timezone', { tz: utcLabel(tzHours) })}
          </Typography.Text>
        </div>
      </div>

      <Card className="history-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <div className="history-controls">
          <DevicePicker
            className="history-device-select"
            value={params.deviceId}
            current={detail}
            onChange={(id) => {
              autoPicked.current = undefined;
              update({ deviceId: id, tagIds: [] });
            }}
          />
          <TagPicker
            className="history-tag-select"
            tags={tags}
            value={chosen.map((c) => c.id)}
            onChange={(ids) => update({ tagIds: ids })}
            loading={loadingTags}
            disabled={!params.deviceId || tags.length === 0}
          />
        </div>
        <div className="history-controls">
          <Segmented<RangePreset | 'custom'>
            data-testid="history-presets"
            className="history-presets"
            block={compact}
            value={preset ?? 'custom'}
            options={[
              ...rangePresets.map((p) => ({
                value: p,
                label: t(`presetShort.${p}`),
                title: t(`preset.${p}`),
              })),
              { value: 'custom' as const, label: t('presetShort.custom'), title: t('preset.custom') },
            ]}
            onChange={(v) => {
              if (v !== 'custom') choosePreset(v);
              else update({ preset: undefined, auto: undefined, custom: range });
            }}
          />
          <DatePicker.RangePicker
            className="history-range-picker"
            data-testid="history-range"
            showTime={{ format: 'HH:mm' }}
            format={compact ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm'}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={chooseCustom}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            inputReadOnly={compact}
          />
          <Tooltip title={t('refresh')}>
            <Button
              icon={<ReloadOutlined />}
              onClick={refresh}
              aria-label={t('refresh')}
              data-testid="history-refresh"
            />
          </Tooltip>
        </div>
      </Card>

      <Card className="history-card" styles={{ body: { padding: compact ? 8 : 16 } }}>
        <HistoryChartBar
          view={view}
          range={range}
          bucketMs={scope && series.data ? series.data.bucket_ms : undefined}
          compact={compact}
          onView={setView}
          onReset={() => setZoom(null)}
        />
        <HistoryChart
          data={chartData}
          tags={chosen}
          view={view}
          height={compact ? 240 : 340}
          compact={compact}
          loading={series.isFetching || fitting}
          onZoom={(sel) => setView(zoomTo(sel, range))}
          onPan={(next) => setView(zoomTo(next, range))}
          onPlotWidth={setPlotPx}
          overlay={overlay}
        />
      </Card>

      <Card
        className="history-card"
        title={t('raw.title')}
        styles={{ body: { padding: compact ? 8 : 16 } }}
        extra={
          <Space size={8}>
            <Tooltip
              title={
                tooManyForXlsx
                  ? t('export.xlsxTooMany', { max: HistoryLimits.xlsxRowsMax })
                  : t('export.xlsxHint', { tz: utcLabel(tzHours) })
              }
            >
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!scope || tooManyForXlsx || exporter.busy !== null}
                loading={exporter.busy === 'xlsx'}
                onClick={() => doExport('xlsx')}
                data-testid="history-export-xlsx"
              >
                {t('export.xlsx')}
              </Button>
            </Tooltip>
            <Tooltip title={t('export.csvHint')}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!scope || exporter.busy !== null}
                loading={exporter.busy === 'csv'}
                onClick={() => doExport('csv')}
                data-testid="history-export-csv"
              >
                {t('export.csv')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        {exporter.failure ? (
          <div className="history-alert">
            <HistoryFailure error={exporter.failure} onClose={exporter.clearFailure} />
          </div>
        ) : null}
        {raw.isError && !raw.isFetching ? (
          <div className="history-alert">
            <HistoryFailure error={raw.error} />
          </div>
        ) : null}
        <HistoryRawTable
          reply={scope ? raw.data : undefined}
          loading={scope !== undefined && raw.isFetching}
          tags={chosen}
          page={rawPage}
          onPage={(p) => setRawState({ key: viewKey, value: p })}
          compact={compact}
          mode={mode}
          empty={
            <span className="history-raw-empty" data-testid="history-raw-empty">
              {scope ? t('raw.empty') : t('raw.chooseFirst')}
            </span>
          }
        />
      </Card>
    </div>
  );
}
