import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { useThemeMode } from '../../shared/preferences/theme-mode-context.ts';
import type { TimeRange } from './history-range.ts';
import { lineColumn, maxColumn, minColumn, type ChartData } from './history-series.ts';
import { chartLayout, plotData } from './chart-scales.ts';
import { chartOptions } from './chart-options.ts';
import { HistoryLegend, type LegendTag } from './HistoryLegend.tsx';
import { panOnShiftDrag, tagsOfShape, useBoxSize, useChartColors, useUPlot } from './chart-hooks.ts';
import 'uplot/dist/uPlot.min.css';
import './history.css';

interface Props {
  data: ChartData | undefined;
  tags: readonly LegendTag[];
  /** The visible window: the x axis always shows exactly this. */
  view: TimeRange;
  /** Of the plot in px, or 'fill': the plot takes the height its container leaves (a board card). */
  height: number | 'fill';
  /** Phone width: fewer y axes. */
  compact: boolean;
  /** A drag-selection (zoom in). */
  onZoom(sel: TimeRange): void;
  /** Shift + drag (pan): the window it ended on. */
  onPan(view: TimeRange): void;
  /** Width of the plotting area in CSS pixels, as it changes. */
  onPlotWidth(px: number): void;
  /** Shown over the chart (empty states, errors). */
  overlay?: ReactNode;
  loading: boolean;
}

/**
 * The history chart: one uPlot with every chosen tag on a shared time axis, each tag a line
 * (last value per bucket) over a band (min..max of the bucket); a y axis per unit (a tag of its
 * own without one), BOOL tags as step lanes along the bottom (chart-scales.ts). Colours, axes and
 * grid follow the light/dark theme; the chart follows its container's width.
 */
export function HistoryChart(props: Props) {
  const { data, tags, view, height, compact, onZoom, onPan, onPlotWidth, overlay, loading } = props;
  const { t } = useTranslation('history');
  const { mode } = useThemeMode();
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const lib = useUPlot();
  const { width, height: boxHeight } = useBoxSize(boxRef);
  const fill = height === 'fill';
  const plotHeight = fill ? boxHeight : height;
  const [cursorIdx, setCursorIdx] = useState<number | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());

  // Latest callbacks and window for uPlot's hooks, which are bound once per chart.
  const live = useRef({ onZoom, onPan, onPlotWidth, view });
  useEffect(() => {
    live.current = { onZoom, onPan, onPlotWidth, view };
  });

  // What makes a new chart: the tags (series, scales by unit, path styles), the theme's colours
  // and the number of axes the width allows.
  const shapeKey = JSON.stringify(tags.map((tg) => [tg.id, tg.dataType, tg.unit]));
  const layout = useMemo(() => chartLayout(tagsOfShape(shapeKey)), [shapeKey]);
  // Each axis group's magnitude factor, set with the data the labels belong to.
  const factors = useRef<readonly number[]>([]);
  const colors = useChartColors();

  useEffect(() => {
    const box = boxRef.current;
    if (!lib || !box || width <= 0 || plotHeight <= 0) return;
    const shaped = chartOptions({
      tags: tagsOfShape(shapeKey),
      layout,
      theme: { mode, ...colors },
      compact,
      factors: () => factors.current,
      stepped: lib.paths.stepped?.({ align: 1 }),
    });
    const series = shaped.series;
    const opts: uPlot.Options = {
      width,
      height: plotHeight,
      ms: 1,
      legend: { show: false },
      padding: [12, 12, 0, 0],
      cursor: {
        drag: { x: true, y: false, setScale: false },
        points: { size: 7 },
      },
      ...shaped,
      hooks: {
        setSelect: [
          (u) => {
            if (u.select.width < 4) return;
            const from = u.posToVal(u.select.left, 'x');
            const to = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            live.current.onZoom({ from, to });
          },
        ],
        setCursor: [(u) => setCursorIdx(u.cursor.idx ?? null)],
      },
    };
    const empty: uPlot.AlignedData = [[], ...series.slice(1).map(() => [])];
    const u = new lib(opts, empty, box);
    plotRef.current = u;
    live.current.onPlotWidth(u.bbox.width / devicePixelRatio);

    const stopPanning = panOnShiftDrag(u, live);
    return () => {
      stopPanning();
      u.destroy();
      plotRef.current = null;
    };
    // Width and height changes resize the chart below instead of rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lib, shapeKey, layout, mode, colors, compact, width > 0, plotHeight > 0]);

  useEffect(() => {
    const u = plotRef.current;
    if (!u || width <= 0 || plotHeight <= 0) return;
    if (u.width !== width || u.height !== plotHeight) {
      u.setSize({ width, height: plotHeight });
      live.current.onPlotWidth(u.bbox.width / devicePixelRatio);
    }
  }, [width, plotHeight]);

  // New data or a new window: draw it, x exactly the window, y fitted to what is visible.
  useEffect(() => {
    const u = plotRef.current;
    if (!u) return;
    const aligned = data && data.tagIds.join(',') === tags.map((tg) => tg.id).join(',') ? data : null;
    const plotted = aligned ? plotData(aligned, layout) : null;
    factors.current = plotted?.factors ?? [];
    u.batch(() => {
      u.setData((plotted?.columns ?? [[], ...u.series.slice(1).map(() => [])]) as uPlot.AlignedData, true);
      u.setScale('x', { min: view.from, max: view.to });
    });
  }, [data, tags, view, lib, shapeKey, layout, mode, colors, compact, width]);

  useEffect(() => {
    const u = plotRef.current;
    if (!u) return;
    tags.forEach((tg, k) => {
      const show = !hidden.has(tg.id);
      for (const i of [lineColumn(k), maxColumn(k), minColumn(k)])
        if (u.series[i] && u.series[i].show !== show) u.setSeries(i, { show });
    });
  }, [hidden, tags, lib, shapeKey, mode, colors, compact]);

  const toggle = (id: number) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div
      className={fill ? 'history-chart history-chart-fill' : 'history-chart'}
      data-testid="history-chart"
      aria-busy={loading}
    >
      <div className="history-chart-plot" style={fill ? undefined : { height }}>
        <div ref={boxRef} className="history-chart-canvas" />
        {overlay ? <div className="history-chart-overlay">{overlay}</div> : null}
        {loading && !overlay ? (
          <div className="history-chart-loading" aria-label={t('chart.loading')} />
        ) : null}
      </div>
      <HistoryLegend
        tags={tags}
        data={data}
        cursorIdx={cursorIdx}
        hidden={hidden}
        onToggle={toggle}
        mode={mode}
      />
    </div>
  );
}
