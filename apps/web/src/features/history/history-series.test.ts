import { describe, expect, it } from 'vitest';
import type { HistorySeries, HistorySeriesReply } from '@hmi/domain';
import {
  buildChartData,
  lineColumn,
  maxColumn,
  minColumn,
  plotValue,
  seriesColor,
  valueAtOrBefore,
  withAlpha,
} from './history-series.ts';

const series = (
  tag_id: number,
  rows: [t: number, n: number, min: number | null, max: number | null, last: HistorySeries['last'][number]][],
): HistorySeries => ({
  tag_id,
  t: rows.map((r) => r[0]),
  n: rows.map((r) => r[1]),
  min: rows.map((r) => r[2]),
  max: rows.map((r) => r[3]),
  first: rows.map((r) => r[4]),
  last: rows.map((r) => r[4]),
  first_ts: rows.map((r) => r[0]),
  last_ts: rows.map((r) => r[0]),
});

const reply = (bucket_ms: number, ...s: HistorySeries[]): HistorySeriesReply => ({
  from: 0,
  to: 100_000,
  origin: 0,
  bucket_ms,
  source: 'raw',
  series: s,
});

describe('plot values', () => {
  it('draws numbers and numeric text (64-bit integers), not other text or nulls', () => {
    expect(plotValue(12.5)).toBe(12.5);
    expect(plotValue('9007199254740993')).toBe(9007199254740992);
    expect(plotValue('RCP-A')).toBeNull();
    expect(plotValue('')).toBeNull();
    expect(plotValue(null)).toBeNull();
  });
});

describe('chart data from a series reply', () => {
  it('puts the tags on one time axis in the chosen order, line = last, band = min..max', () => {
    const d = buildChartData(
      reply(
        10,
        series(1, [
          [0, 3, 1, 5, 4],
          [10, 2, 2, 3, 3],
        ]),
        series(2, [
          [10, 1, 7, 7, 7],
          [20, 1, 8, 8, 8],
        ]),
      ),
      [2, 1],
    );
    expect(d.columns[0]).toEqual([0, 10, 20]);
    expect(d.tagIds).toEqual([2, 1]);
    // tag 2 first
    expect(d.columns[lineColumn(0)]).toEqual([undefined, 7, 8]);
    expect(d.columns[lineColumn(1)]).toEqual([4, 3, undefined]);
    expect(d.columns[maxColumn(1)]).toEqual([5, 3, undefined]);
    expect(d.columns[minColumn(1)]).toEqual([1, 2, undefined]);
    expect(d.rows).toBe(7);
    expect(d.plottable).toEqual([true, true]);
  });

  it('breaks a line over an outage but joins sparse samples', () => {
    // Samples every 10 ms, then nothing for 100 ms.
    const d = buildChartData(
      reply(
        1,
        series(1, [
          [0, 1, 1, 1, 1],
          [10, 1, 2, 2, 2],
          [20, 1, 3, 3, 3],
          [120, 1, 4, 4, 4],
        ]),
      ),
      [1],
    );
    expect(d.columns[0]).toEqual([0, 10, 20, 21, 120]);
    expect(d.columns[lineColumn(0)]).toEqual([1, 2, 3, null, 4]);
  });

  it('a reported unavailable value (null) breaks the line too', () => {
    const d = buildChartData(
      reply(
        10,
        series(1, [
          [0, 1, 1, 1, 1],
          [10, 1, null, null, null],
          [20, 1, 3, 3, 3],
        ]),
      ),
      [1],
    );
    expect(d.columns[lineColumn(0)]).toEqual([1, null, 3]);
  });

  it('STRING tags have nothing to draw; tags missing from the reply are empty', () => {
    const d = buildChartData(reply(10, series(1, [[0, 2, null, null, 'RCP-A']])), [1, 3]);
    expect(d.plottable).toEqual([false, false]);
    expect(d.columns).toHaveLength(7);
    expect(d.columns[lineColumn(1)]).toEqual([undefined]);
  });

  it('an empty reply gives no points', () => {
    const d = buildChartData(reply(10, series(1, [])), [1]);
    expect(d.columns[0]).toEqual([]);
    expect(d.rows).toBe(0);
  });
});

describe('legend readout', () => {
  it('shows the nearest value at or before the cursor, nothing across a break', () => {
    expect(valueAtOrBefore([1, undefined, undefined], 2)).toBe(1);
    expect(valueAtOrBefore([1, null, undefined], 2)).toBeNull();
    expect(valueAtOrBefore([undefined, 5], 0)).toBeNull();
    expect(valueAtOrBefore(undefined, 0)).toBeNull();
  });
});

describe('colours', () => {
  it('ten distinct colours per theme, a band colour with alpha', () => {
    for (const mode of ['light', 'dark'] as const) {
      const all = Array.from({ length: 10 }, (_, k) => seriesColor(k, mode));
      expect(new Set(all).size).toBe(10);
    }
    expect(seriesColor(10, 'light')).toBe(seriesColor(0, 'light'));
    expect(withAlpha('#1677ff', 0.2)).toBe('#1677ff33');
  });
});
