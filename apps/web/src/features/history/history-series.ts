import type { HistorySeries, HistorySeriesReply, HistoryValue } from '@hmi/domain';

/** A value the chart can draw: numbers, numeric text (64-bit integers come as text), else nothing. */
export function plotValue(v: HistoryValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Columns for uPlot: `null` breaks a line (the device had no data, or said "unavailable"),
 * `undefined` is a point this series simply does not have (uPlot joins across it).
 */
export type Column = (number | null | undefined)[];

/**
 * The chart's data: x (ms) then three columns per tag, in the order the tags were chosen: the
 * line (last value of each bucket), and the bucket's max and min drawn as a band around it.
 */
export interface ChartData {
  columns: [number[], ...Column[]];
  /** Tag ids in column order; tag k has columns 1 + 3k (line), 2 + 3k (max), 3 + 3k (min). */
  tagIds: number[];
  /** Per tag: whether any bucket holds a number (STRING tags and all-null tags do not). */
  plottable: boolean[];
  /** Rows behind the chart, over every tag. */
  rows: number;
  bucketMs: number;
}

export const lineColumn = (k: number) => 1 + 3 * k;
export const maxColumn = (k: number) => 2 + 3 * k;
export const minColumn = (k: number) => 3 + 3 * k;

/**
 * Where a tag's line is broken: between two buckets further apart than 3 times the tag's usual
 * spacing (and more than 2 buckets): an outage, not sparse sampling.
 */
function gapThreshold(t: readonly number[], bucketMs: number): number {
  if (t.length < 3) return Infinity;
  const deltas = t
    .slice(1)
    .map((x, i) => x - (t[i] ?? x))
    .sort((a, b) => a - b);
  const median = deltas[Math.floor(deltas.length / 2)] ?? 0;
  return Math.max(3 * median, 2 * bucketMs);
}

/** Builds the chart columns from a series reply, for the tags in `tagIds` order. */
export function buildChartData(reply: HistorySeriesReply, tagIds: readonly number[]): ChartData {
  const byId = new Map<number, HistorySeries>(reply.series.map((s) => [s.tag_id, s]));
  const bucketMs = reply.bucket_ms;
  const perTag = tagIds.map((id) => {
    const s = byId.get(id);
    const points = new Map<number, { line: number | null; max: number | null; min: number | null }>();
    const breaks: number[] = [];
    let rows = 0;
    let numbers = false;
    if (s) {
      const limit = gapThreshold(s.t, bucketMs);
      s.t.forEach((x, i) => {
        const line = plotValue(s.last[i]);
        // STRING buckets have no min/max; a numeric bucket always has both.
        const max = s.max[i] ?? line;
        const min = s.min[i] ?? line;
        if (line !== null || max !== null) numbers = true;
        rows += s.n[i] ?? 0;
        const prev = s.t[i - 1];
        if (prev !== undefined && x - prev > limit) breaks.push(prev + 1);
        points.set(x, { line, max, min });
      });
    }
    return { points, breaks, rows, numbers };
  });

  const xs = [...new Set(perTag.flatMap((p) => [...p.points.keys(), ...p.breaks]))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns: [number[], ...Column[]] = [xs];
  for (const p of perTag) {
    const line: Column = new Array<undefined>(xs.length).fill(undefined);
    const max: Column = line.slice();
    const min: Column = line.slice();
    for (const [x, v] of p.points) {
      const i = index.get(x) as number;
      line[i] = v.line;
      max[i] = v.max;
      min[i] = v.min;
    }
    for (const x of p.breaks) {
      const i = index.get(x) as number;
      if (line[i] === undefined) line[i] = max[i] = min[i] = null;
    }
    columns.push(line, max, min);
  }
  return {
    columns,
    tagIds: [...tagIds],
    plottable: perTag.map((p) => p.numbers),
    rows: perTag.reduce((sum, p) => sum + p.rows, 0),
    bucketMs,
  };
}

/** The value a column shows at `idx`: the nearest drawn value at or before it (null when none). */
export function valueAtOrBefore(column: Column | undefined, idx: number): number | null {
  if (!column) return null;
  for (let i = Math.min(idx, column.length - 1); i >= 0; i--) {
    const v = column[i];
    if (v === null) return null;
    if (v !== undefined) return v;
  }
  return null;
}

/** Colours of up to 10 series: distinct hues, lighter on the dark background for contrast. */
const palette = {
  light: [
    '#1677ff',
    '#fa8c16',
    '#389e0d',
    '#c41d7f',
    '#08979c',
    '#722ed1',
    '#d48806',
    '#cf1322',
    '#2f54eb',
    '#7cb305',
  ],
  dark: [
    '#4096ff',
    '#ffa940',
    '#73d13d',
    '#f759ab',
    '#36cfc9',
    '#b37feb',
    '#ffd666',
    '#ff7875',
    '#85a5ff',
    '#d3f261',
  ],
} as const;

export function seriesColor(k: number, mode: 'light' | 'dark'): string {
  const list = palette[mode];
  return list[k % list.length] as string;
}

/** `#rrggbb` with an alpha, for the min/max band under a line. */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${hex}${a}`;
}
