import { useMemo } from 'react';
import type { HistorySeries } from '@hmi/domain';

/** The line of a series' bucket values (last of each bucket) as an SVG path over its range. */
export function sparklinePath(
  s: HistorySeries | undefined,
  from: number,
  to: number,
  w = 100,
  h = 30,
): string {
  if (!s || to <= from) return '';
  const pts: [number, number][] = [];
  s.t.forEach((t, i) => {
    const v = s.last[i];
    const y = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
    if (Number.isFinite(y)) pts.push([t, y]);
  });
  if (pts.length === 0) return '';
  const ys = pts.map((p) => p[1]);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const span = hi - lo || 1;
  return pts
    .map(([t, y], i) => {
      const px = (((t - from) / (to - from)) * w).toFixed(1);
      const py = (h - 2 - ((y - lo) / span) * (h - 4)).toFixed(1);
      return `${i === 0 ? 'M' : 'L'}${px} ${py}`;
    })
    .join(' ');
}

/** A small line of the last hour (no axes): the shape, not the numbers. */
export function Sparkline({
  series,
  from,
  to,
}: {
  series: HistorySeries | undefined;
  from: number;
  to: number;
}) {
  const d = useMemo(() => sparklinePath(series, from, to), [series, from, to]);
  return (
    <svg
      className="board-sparkline"
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      data-testid="board-sparkline"
    >
      {d ? (
        <path d={d} fill="none" stroke="currentColor" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      ) : null}
    </svg>
  );
}
