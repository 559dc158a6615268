import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { historyApi } from '../history/index.ts';
import { displayedNumber } from './format-value.ts';
import { ScreenRuntimeContext } from './screen-context.ts';
import {
  appendPoint,
  historyPoints,
  mergePoints,
  samplePoints,
  toColumns,
  type TrendPoint,
} from './trend-points.ts';
import { useBoxSize } from './use-box-size.ts';
import type { BodyProps } from './widget-body.ts';
import 'uplot/dist/uPlot.min.css';

/*
 * The chart family: the trend, one tag over the last `seconds` on a uPlot chart (the history
 * screen's library, loaded in its own chunk on first use as features/history does). Running, it
 * reads the tag's history over the window once (the history series call, about two points per
 * pixel) and appends each live value as it comes, redrawn at most once a second; when the
 * history cannot be read (no permission, an error) it draws the live values alone and says so.
 * Designing, it draws a sample wave.
 */

const REDRAW_MS = 1000;

let uPlotModule: Promise<typeof uPlot> | undefined;
const loadUPlot = () => (uPlotModule ??= import('uplot').then((m) => m.default));

function useUPlot(): typeof uPlot | null {
  const [lib, setLib] = useState<typeof uPlot | null>(null);
  useEffect(() => {
    let alive = true;
    void loadUPlot().then((m) => alive && setLib(() => m));
    return () => {
      alive = false;
    };
  }, []);
  return lib;
}

/** The live points since the screen opened, and a counter that moves at most once per REDRAW_MS. */
function useLivePoints({ widget, cell, run }: BodyProps<'trend'>) {
  const live = useRef<TrendPoint[]>([]);
  const [tick, setTick] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const transform = widget.binding?.transform;
  const windowMs = widget.props.seconds * 1000;
  useEffect(() => {
    if (!run || !cell || cell.ts === undefined) return;
    live.current = appendPoint(
      live.current,
      [cell.ts, displayedNumber(cell.value, transform)],
      cell.ts - windowMs,
    );
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      setTick((n) => n + 1);
    }, REDRAW_MS);
  }, [run, cell, transform, windowMs]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { live, tick };
}

export function TrendBody(props: BodyProps<'trend'>) {
  const { widget, run } = props;
  const { t } = useTranslation('scada');
  const { seconds, min, max, color } = widget.props;
  const binding = widget.binding;
  const windowMs = seconds * 1000;
  const [openedAt] = useState(() => Date.now());
  const boxRef = useRef<HTMLDivElement>(null);
  const size = useBoxSize(boxRef);
  const lib = useUPlot();
  const plot = useRef<uPlot | null>(null);
  const { live, tick } = useLivePoints(props);
  const shared = useContext(ScreenRuntimeContext)?.shared ?? false;

  const history = useQuery({
    queryKey: ['scada', 'trend', binding?.deviceId, binding?.tagId, seconds, openedAt],
    queryFn: ({ signal }) =>
      historyApi.series(
        { deviceId: binding!.deviceId, tagIds: [binding!.tagId], from: openedAt - windowMs, to: openedAt },
        Math.max(50, Math.min(1000, widget.w)),
        signal,
      ),
    enabled: run && binding !== undefined && !shared,
    staleTime: Infinity,
    retry: false,
  });

  const points = useMemo(() => {
    const now = Date.now();
    if (!run) return samplePoints(seconds, now, min, max);
    const newest = live.current[live.current.length - 1]?.[0] ?? now;
    return mergePoints(
      historyPoints(history.data, binding?.transform),
      live.current,
      Math.max(now, newest) - windowMs,
    );
    // `tick` moves when live points came in (they are kept in a ref).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, seconds, min, max, history.data, binding?.transform, windowMs, tick]);

  useEffect(() => {
    const box = boxRef.current;
    if (!lib || !box || size.width <= 0 || size.height <= 0) return;
    const axis = {
      stroke: '#8c8c8c',
      grid: { stroke: 'rgba(140,140,140,0.2)', width: 1 },
      ticks: { show: false },
      font: '11px sans-serif',
      size: 28,
    };
    const chart = new lib(
      {
        width: size.width,
        height: size.height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true },
          y: min !== undefined && max !== undefined ? { range: [min, max] } : { auto: true },
        },
        axes: [
          { ...axis, size: 44 },
          { ...axis, size: 44 },
        ],
        series: [{}, { stroke: color, width: 1.5, spanGaps: false, points: { show: false } }],
      },
      [[], []],
      box,
    );
    plot.current = chart;
    return () => {
      chart.destroy();
      plot.current = null;
    };
  }, [lib, size.width, size.height, color, min, max]);

  useEffect(() => {
    plot.current?.setData(toColumns(points));
  }, [points, lib, size.width, size.height, color, min, max]);

  return (
    <div className="scada-fill scada-trend" data-testid="scada-trend" data-points={points.length}>
      <div ref={boxRef} className="scada-fill" />
      {run && (history.isError || shared) ? (
        <span
          className="scada-trend-note"
          title={t('widget.trendLiveOnly')}
          data-testid="scada-trend-live-only"
        >
          {t('widget.trendLiveOnly')}
        </span>
      ) : null}
    </div>
  );
}
