import type { HistorySeriesReply, ScreenBindingTransform } from '@hmi/domain';
import { displayedNumber } from './format-value.ts';

/*
 * The points of a trend widget: the tag's history over the widget's window (one read when the
 * screen opens, the last value of each bucket) followed by the live values received since, as
 * engineering values; older points fall out of the window as it slides. Pure: the widget keeps
 * the arrays, these say what goes in and out.
 */

/** [time ms, engineering value]; null draws a gap. */
export type TrendPoint = readonly [number, number | null];

/** Points of a history reply's first series (its buckets' last values at their times). */
export function historyPoints(
  reply: HistorySeriesReply | undefined,
  t?: ScreenBindingTransform,
): TrendPoint[] {
  const s = reply?.series[0];
  if (!s) return [];
  return s.last_ts.map((ts, i) => [ts, displayedNumber(s.last[i], t)] as const);
}

/** `points` with `next` appended when it is newer than the last, and points older than `from` dropped. */
export function appendPoint(points: readonly TrendPoint[], next: TrendPoint, from: number): TrendPoint[] {
  const last = points[points.length - 1];
  const kept = points.filter((p) => p[0] >= from);
  if (last && next[0] <= last[0]) return kept;
  return [...kept, next];
}

/** History then live: history points after the first live point are left out (the live ones are newer). */
export function mergePoints(
  history: readonly TrendPoint[],
  live: readonly TrendPoint[],
  from: number,
): TrendPoint[] {
  const firstLive = live[0]?.[0] ?? Infinity;
  return [...history.filter((p) => p[0] >= from && p[0] < firstLive), ...live.filter((p) => p[0] >= from)];
}

/** uPlot's columns: seconds on x, values on y. */
export function toColumns(points: readonly TrendPoint[]): [number[], (number | null)[]] {
  return [points.map((p) => p[0] / 1000), points.map((p) => p[1])];
}

/** A sample wave over the window for the designer (no live value while designing). */
export function samplePoints(seconds: number, now: number, min = 0, max = 100): TrendPoint[] {
  const n = 60;
  const mid = (min + max) / 2;
  const amp = (max - min) / 3;
  return Array.from({ length: n }, (_, i) => {
    const ts = now - seconds * 1000 * (1 - i / (n - 1));
    return [ts, Number((mid + amp * Math.sin((i / (n - 1)) * Math.PI * 3)).toFixed(3))] as const;
  });
}
