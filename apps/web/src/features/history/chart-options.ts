import type uPlot from 'uplot';
import { TagDataType } from '@hmi/domain';
import { timeAxisLabels } from './history-format.ts';
import { seriesColor, withAlpha } from './history-series.ts';
import {
  BOOL_SCALE,
  TEXT_SCALE,
  LANE_PAD,
  formatAxisValue,
  laneRange,
  laneValue,
  niceStep,
  numericRange,
  scaleOf,
  ticksIn,
  visiblePart,
  type ChartLayout,
  type ChartTag,
} from './chart-scales.ts';

export interface ChartTheme {
  mode: 'light' | 'dark';
  axis: string;
  grid: string;
  font: string;
  labelFont: string;
}

export interface ChartShape {
  tags: readonly ChartTag[];
  layout: ChartLayout;
  theme: ChartTheme;
  /** Phone width: fewer y axes (the legend still gives every value). */
  compact: boolean;
  /** Factors of the groups' values (plotData), read when labels are drawn: they follow the data. */
  factors: () => readonly number[];
  /** uPlot's stepped path builder (BOOL lanes), when loaded. */
  stepped?: uPlot.Series.PathBuilder | undefined;
}

/** Pixels between two y ticks, at least; and between two time ticks, by the label's width. */
const Y_TICK_SPACE = 32;
const Y_AXES_WIDE = 4;
const Y_AXES_COMPACT = 2;

/** An axis as wide as its longest label (and its unit's label), never cutting one. */
function fitWidth(extra: number): uPlot.Axis.Size {
  return (u, values, axisIdx, cycleNum) => {
    const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number; ticks?: { size?: number } };
    if (cycleNum > 1 && axis._size) return axis._size;
    const longest = (values ?? []).reduce((a, v) => (String(v).length > a.length ? String(v) : a), '');
    let width = (axis.ticks?.size ?? 4) + (axis.gap ?? 5) + extra;
    if (longest) {
      u.ctx.save();
      u.ctx.font = (axis.font as unknown as [string] | undefined)?.[0] ?? '12px sans-serif';
      width += u.ctx.measureText(longest).width / devicePixelRatio;
      u.ctx.restore();
    }
    return Math.ceil(width);
  };
}

/**
 * The series, scales and axes of the history chart: x the time in the console's format; one
 * y scale per axis group with ticks only above the BOOL lanes and compact labels that survive
 * any magnitude; BOOL tags as filled step lanes with 0/1 marks; STRING tags undrawn.
 */
export function chartOptions(shape: ChartShape): Pick<uPlot.Options, 'series' | 'bands' | 'scales' | 'axes'> {
  const { tags, layout, theme, compact } = shape;
  const series: uPlot.Series[] = [{}];
  const bands: uPlot.Band[] = [];
  tags.forEach((tag, k) => {
    const color = seriesColor(k, theme.mode);
    const scale = scaleOf(layout, k);
    const lane = layout.lanes.indexOf(k);
    const bool = tag.dataType === TagDataType.BOOL;
    series.push(
      {
        scale,
        stroke: color,
        width: 1.5,
        spanGaps: false,
        points: { show: (u, si) => !bool && (u.data[si]?.length ?? 0) < 80, size: 5, fill: color },
        ...(bool && shape.stepped
          ? { paths: shape.stepped, fill: withAlpha(color, 0.22), fillTo: laneValue(lane, 0) }
          : {}),
      },
      { scale, stroke: 'transparent', width: 0, points: { show: false } },
      { scale, stroke: 'transparent', width: 0, points: { show: false } },
    );
    bands.push({
      series: [series.length - 2, series.length - 1],
      fill: withAlpha(color, theme.mode === 'dark' ? 0.22 : 0.16),
    });
  });

  const scales: uPlot.Scales = {
    x: { time: true },
    [BOOL_SCALE]: { range: () => laneRange(layout) },
    [TEXT_SCALE]: { range: () => [0, 1] },
  };
  for (const g of layout.groups)
    scales[g.key] = { range: (_u, min, max) => numericRange(min, max, layout.floor) };

  const base: uPlot.Axis = {
    stroke: theme.axis,
    font: theme.font,
    labelFont: theme.labelFont,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
  };
  const x: uPlot.Axis = {
    ...base,
    // 'YYYY-MM-DD' needs about 70 px, 'HH:mm' 35.
    space: (_u, _i, min, max) => (max - min > 3 * 86_400_000 ? 84 : 64),
    size: 44,
    values: (_u, ticks, _i, _space, step) => timeAxisLabels(ticks, step),
  };

  const maxAxes = compact ? Y_AXES_COMPACT : Y_AXES_WIDE;
  const yAxes: uPlot.Axis[] = layout.groups.map((g, gi) => {
    const only = g.tags.length === 1 ? seriesColor(g.tags[0] ?? 0, theme.mode) : undefined;
    return {
      ...base,
      scale: g.key,
      show: gi < maxAxes,
      side: gi % 2 === 0 ? 3 : 1,
      stroke: only ?? theme.axis,
      grid: { ...base.grid, show: gi === 0 },
      ...(g.unit ? { label: g.unit, labelSize: 16, labelGap: 2 } : {}),
      size: fitWidth(0),
      splits: (u, _i, min, max) => {
        const [lo, hi] = visiblePart(min, max, layout.floor);
        const px = (u.bbox.height / devicePixelRatio) * (1 - layout.floor);
        return ticksIn(lo, hi, niceStep(hi - lo, Math.max(2, Math.floor(px / Y_TICK_SPACE))));
      },
      values: (_u, ticks) => {
        const f = shape.factors()[gi] ?? 1;
        const step = ticks.length > 1 ? (ticks[1]! - ticks[0]!) * f : Math.abs((ticks[0] ?? 1) * f) || 1;
        return ticks.map((v) => formatAxisValue(v * f, step));
      },
    };
  });

  const lanes = layout.lanes.length;
  const laneAxis: uPlot.Axis = {
    ...base,
    scale: BOOL_SCALE,
    show: lanes > 0,
    side: 3,
    grid: { ...base.grid, show: layout.groups.length === 0, dash: [2, 4] },
    size: fitWidth(0),
    splits: () => Array.from({ length: lanes }, (_v, j) => [j + LANE_PAD, j + 1 - LANE_PAD]).flat(),
    // 0 and 1 of each lane, when a lane is tall enough to hold both.
    values: (u, ticks) => {
      const lanePx = ((u.bbox.height / devicePixelRatio) * layout.laneShare) / Math.max(1, lanes);
      return ticks.map((_v, i) => (lanePx >= 26 ? (i % 2 === 0 ? '0' : '1') : ''));
    },
  };

  return { series, bands, scales, axes: [x, ...yAxes, laneAxis] };
}
