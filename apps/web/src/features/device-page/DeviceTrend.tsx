import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Segmented, Space } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TagDataType, type HistoryTag } from '@hmi/domain';
import {
  HistoryChart,
  TagPicker,
  type LegendTag,
  buildChartData,
  historyParamsToSearch,
  presetRange,
  seriesWidth,
  zoomTo,
  type TimeRange,
  useHistorySeries,
} from '../history/index.ts';
import { HISTORY_PATH } from '../../shared/devices/device-routes.ts';

const presets = ['1h', '24h', '7d'] as const;
type Preset = (typeof presets)[number];
/** Tags drawn at first: the device's first ones a chart can draw. */
const FIRST_TAGS = 2;
/** The window slides to now this often while the page is open. */
const SLIDE_MS = 60_000;

/** The first tags a chart can draw (not STRING). */
export const drawableTags = (tags: readonly HistoryTag[], n: number): number[] =>
  tags
    .filter((tg) => tg.data_type !== TagDataType.STRING)
    .slice(0, n)
    .map((tg) => tg.id);

/** A small chart of chosen tags over the last hour, day or week (the history screen's chart). */
export function DeviceTrend({
  deviceId,
  tags,
  compact,
}: {
  deviceId: number;
  tags: readonly HistoryTag[];
  compact: boolean;
}) {
  const { t } = useTranslation(['devicepage', 'history']);
  const [picked, setPicked] = useState<number[] | null>(null);
  const chosenIds = useMemo(() => picked ?? drawableTags(tags, FIRST_TAGS), [picked, tags]);
  const [preset, setPreset] = useState<Preset>('1h');
  const [anchor, setAnchor] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAnchor(Date.now()), SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  const range = useMemo(() => presetRange(preset, anchor), [preset, anchor]);
  const [zoom, setZoom] = useState<{ key: string; view: TimeRange } | null>(null);
  const key = `${preset}|${chosenIds.join(',')}`;
  const view = zoom && zoom.key === key ? zoom.view : range;

  const chosen: LegendTag[] = useMemo(() => {
    const byId = new Map(tags.map((tg) => [tg.id, tg]));
    return chosenIds.flatMap((id) => {
      const tg = byId.get(id);
      return tg ? [{ id, name: tg.name, unit: tg.unit, decimals: tg.decimals, dataType: tg.data_type }] : [];
    });
  }, [tags, chosenIds]);

  const [plotPx, setPlotPx] = useState(0);
  const scope =
    chosen.length > 0
      ? { deviceId, tagIds: chosen.map((c) => c.id), from: view.from, to: view.to }
      : undefined;
  const series = useHistorySeries(scope, plotPx > 0 ? seriesWidth(plotPx) : 0);
  const data = useMemo(
    () => (series.data && scope ? buildChartData(series.data, scope.tagIds) : undefined),
    // The reply belongs to the scope it was asked for; the ids are what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series.data, scope?.tagIds.join(',')],
  );
  const historyLink = `${HISTORY_PATH}?${historyParamsToSearch({
    deviceId,
    tagIds: chosenIds,
    ...(zoom && zoom.key === key ? { custom: view } : { preset }),
  }).toString()}`;

  if (tags.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-trend-none">{t('trend.noTags')}</span>}
      />
    );
  }
  let overlay: React.ReactNode = null;
  if (chosen.length === 0) {
    overlay = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.pickTags')} />;
  } else if (data && !series.isPlaceholderData && data.rows === 0) {
    overlay = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-trend-empty">{t('trend.noData')}</span>}
      />
    );
  }

  return (
    <div className="devpage-trend" data-testid="devpage-trend">
      <div className="devpage-trend-controls">
        <TagPicker
          className="devpage-trend-tags"
          tags={tags}
          value={chosenIds}
          onChange={setPicked}
          loading={false}
          disabled={tags.length === 0}
        />
        <Space size={8} wrap>
          <Segmented<Preset>
            size="small"
            value={preset}
            options={presets.map((p) => ({ value: p, label: t(`history:presetShort.${p}`) }))}
            onChange={(p) => {
              setAnchor(Date.now());
              setPreset(p);
            }}
          />
          {zoom && zoom.key === key ? (
            <Button size="small" type="link" onClick={() => setZoom(null)}>
              {t('history:chart.reset')}
            </Button>
          ) : null}
          <Link to={historyLink} data-testid="devpage-trend-history">
            <LineChartOutlined /> {t('trend.open')}
          </Link>
        </Space>
      </div>
      <HistoryChart
        data={data}
        tags={chosen}
        compact
        view={view}
        height={compact ? 180 : 220}
        loading={series.isFetching}
        onZoom={(sel) => setZoom({ key, view: zoomTo(sel, range) })}
        onPan={(next) => setZoom({ key, view: zoomTo(next, range) })}
        onPlotWidth={setPlotPx}
        overlay={overlay}
      />
    </div>
  );
}
