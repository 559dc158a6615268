import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Dayjs } from 'dayjs';
import { useHistoryDevice } from '../../features/history/use-history-device.ts';
import {
  useHistoryExtent,
  useHistoryRaw,
  useHistorySeries,
} from '../../features/history/use-history-queries.ts';
import { useHistoryExport } from '../../features/history/use-history-export.ts';
import type { ExportFormat, RawPage } from '../../features/history/history.api.ts';
import { buildChartData } from '../../features/history/history-series.ts';
import {
  historyParamsToSearch,
  parseHistoryParams,
  type HistoryParams,
} from '../../features/history/history-params.ts';
import {
  clampRange,
  fitPreset,
  sameRange,
  seriesWidth,
  type RangePreset,
  type TimeRange,
} from '../../features/history/history-range.ts';
import {
  autoTagIds,
  exportStem,
  historyScope,
  legendTags,
  rangeOf,
  rawPageFor,
  xlsxTooMany,
  type Keyed,
} from '../../features/history/history-view.ts';

/**
 * The history screen's state: the link's device, tags and range (auto-picked tags, a fitted
 * preset), the zoomed view, the series and raw queries it drives, export and the range actions.
 */
export function useHistoryPage() {
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
    update({ tagIds: autoTagIds(tags) });
  }, [params.deviceId, params.tagIds.length, loadingTags, detail, tags, update]);

  const chosen = useMemo(() => legendTags(tags, params.tagIds), [tags, params.tagIds]);

  // No range chosen: the shortest preset that shows the tags' recent data (an hour-old device: 1 h).
  const chosenIds = useMemo(() => chosen.map((c) => c.id), [chosen]);
  const extent = useHistoryExtent(params.deviceId, chosenIds, params.auto === true);
  const fitting = params.auto === true && extent.isPending && extent.fetchStatus !== 'idle';
  const preset = params.auto && extent.isSuccess ? fitPreset(extent.data, anchor) : params.preset;
  const range = useMemo(() => rangeOf(preset, params.custom, anchor), [preset, params.custom, anchor]);

  const baseKey = `${params.deviceId}|${chosenIds.join(',')}|${range.from}|${range.to}`;
  const [zoom, setZoom] = useState<Keyed<TimeRange> | null>(null);
  const view = zoom && zoom.key === baseKey ? zoom.value : range;
  const zoomed = !sameRange(view, range);
  const setView = (next: TimeRange) => setZoom({ key: baseKey, value: next });
  const resetZoom = () => setZoom(null);

  const scope = historyScope(params.deviceId, detail !== undefined && !fitting, chosenIds, view);

  const [plotPx, setPlotPx] = useState(0);
  const series = useHistorySeries(scope, plotPx > 0 ? seriesWidth(plotPx) : 0);
  const chartData = useMemo(
    () => (series.data && scope ? buildChartData(series.data, scope.tagIds) : undefined),
    // The reply belongs to the scope it was asked for; the ids are what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series.data, scope?.tagIds.join(',')],
  );

  const viewKey = `${baseKey}|${view.from}|${view.to}`;
  const [rawState, setRawState] = useState<Keyed<RawPage> | null>(null);
  const rawPage = rawPageFor(rawState, viewKey);
  const setRawPage = (p: RawPage) => setRawState({ key: viewKey, value: p });
  const raw = useHistoryRaw(scope, rawPage);

  const exporter = useHistoryExport();
  const tooManyForXlsx = xlsxTooMany(raw.data && !raw.isPlaceholderData ? raw.data : undefined);
  const doExport = (format: ExportFormat) => {
    if (!scope || !detail) return;
    void exporter.run(scope, format, exportStem(detail.name, view));
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
  const chooseDevice = (id: number | undefined) => {
    autoPicked.current = undefined;
    update({ deviceId: id, tagIds: [] });
  };

  return {
    params,
    update,
    detail,
    tags,
    loadingTags,
    chosen,
    fitting,
    preset,
    range,
    view,
    zoomed,
    setView,
    resetZoom,
    scope,
    setPlotPx,
    series,
    chartData,
    raw,
    rawPage,
    setRawPage,
    exporter,
    tooManyForXlsx,
    doExport,
    refresh,
    choosePreset,
    chooseCustom,
    chooseDevice,
  };
}

export type HistoryPageState = ReturnType<typeof useHistoryPage>;
