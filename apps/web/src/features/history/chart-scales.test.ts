import { describe, expect, it } from 'vitest';
import { TagDataType } from '@hmi/domain';
import {
  BOOL_SCALE,
  TEXT_SCALE,
  chartLayout,
  formatAxisValue,
  laneRange,
  laneValue,
  magnitudeFactor,
  niceStep,
  numericRange,
  plotData,
  scaleOf,
  ticksIn,
  visiblePart,
} from './chart-scales.ts';
import type { ChartData } from './history-series.ts';

const tag = (id: number, dataType: number, unit = '') => ({ id, dataType, unit });
const { BOOL, REAL, UINT16, INT32, STRING } = TagDataType;

describe('one y axis per unit, BOOL as lanes', () => {
  it('groups tags by unit, gives a tag without unit its own axis, and BOOL tags lanes', () => {
    const layout = chartLayout([
      tag(1, BOOL),
      tag(2, REAL, 'rpm'),
      tag(3, REAL, '°C'),
      tag(4, UINT16, 'rpm'),
      tag(5, INT32),
      tag(6, INT32),
      tag(7, BOOL),
      tag(8, STRING),
    ]);
    expect(layout.groups).toEqual([
      { key: 'y0', unit: 'rpm', tags: [1, 3] },
      { key: 'y1', unit: '°C', tags: [2] },
      { key: 'y2', unit: '', tags: [4] },
      { key: 'y3', unit: '', tags: [5] },
    ]);
    expect(layout.lanes).toEqual([0, 6]);
    expect(scaleOf(layout, 0)).toBe(BOOL_SCALE);
    expect(scaleOf(layout, 3)).toBe('y0');
    expect(scaleOf(layout, 7)).toBe(TEXT_SCALE);
    // Two lanes beside numeric tags take a band at the bottom, with a gap above it.
    expect(layout.laneShare).toBeCloseTo(0.28);
    expect(layout.floor).toBeCloseTo(0.32);
  });

  it('lanes fill the chart when every tag is BOOL; no band without BOOL tags', () => {
    const bools = chartLayout([tag(1, BOOL), tag(2, BOOL)]);
    expect(bools).toMatchObject({ groups: [], lanes: [0, 1], laneShare: 1, floor: 0 });
    expect(laneRange(bools)).toEqual([0, 2]);
    expect(chartLayout([tag(1, REAL, 'bar')])).toMatchObject({ laneShare: 0, floor: 0 });
    // Ten BOOL tags beside numbers keep at most 45 % of the height.
    const many = chartLayout([tag(0, REAL), ...Array.from({ length: 9 }, (_v, i) => tag(i + 1, BOOL))]);
    expect(many.laneShare).toBe(0.45);
  });

  it('puts 0 and 1 of a BOOL inside its lane, the lanes in the bottom band', () => {
    const layout = chartLayout([tag(1, BOOL), tag(2, REAL, 'rpm'), tag(3, BOOL)]);
    expect(laneValue(0, 0)).toBeCloseTo(0.15);
    expect(laneValue(1, 1)).toBeCloseTo(1.85);
    const [min, max] = laneRange(layout);
    // The top of lane 2 sits at laneShare of the height.
    expect((2 - min) / (max - min)).toBeCloseTo(layout.laneShare);
  });
});

describe('values of any magnitude', () => {
  const data = (values: (number | null)[][]): ChartData => ({
    columns: [values[0]!.map((_v, i) => i), ...values.flatMap((v) => [v, v, v])] as ChartData['columns'],
    tagIds: values.map((_v, i) => i + 1),
    plottable: values.map(() => true),
    rows: 0,
    bucketMs: 1,
  });

  it('divides a group by a power of 1000 uPlot can place ticks for, and puts it back in the labels', () => {
    expect(magnitudeFactor(1500)).toBe(1);
    expect(magnitudeFactor(0.002)).toBe(1);
    expect(magnitudeFactor(1e12)).toBe(1e12);
    expect(magnitudeFactor(3.4028234663852886e38)).toBe(1e36);
    expect(magnitudeFactor(1.5e-9)).toBe(1e-9);
    expect(magnitudeFactor(Number.MAX_VALUE)).toBe(1e306);
    expect(magnitudeFactor(0)).toBe(1);
    const layout = chartLayout([tag(1, REAL, 'W'), tag(2, BOOL), tag(3, STRING)]);
    const { columns, factors } = plotData(
      data([
        [1e12, -3.4e38, null],
        [0, 1, 1],
        [5, 6, 7],
      ]),
      layout,
    );
    expect(factors).toEqual([1e36]);
    expect(columns[1]).toEqual([1e12 / 1e36, -3.4e38 / 1e36, null]);
    expect(columns[4]).toEqual([laneValue(0, 0), laneValue(0, 1), laneValue(0, 1)]);
    expect(columns[7]).toEqual([null, null, null]);
  });

  it.each([
    [1e12, 2e11, '1e12'],
    [1.2e12, 2e11, '1.2e12'],
    [-3.4e38, 1e37, '-3.4e38'],
    [-3e38, 5e37, '-3e38'],
    [3.4028234663852886e38, 1e38, '3e38'],
    [1.5e-9, 1e-10, '1.5e-9'],
    [2e-7, 1e-7, '2e-7'],
    [0.25, 0.25, '0.25'],
    [0.001, 0.0005, '0.0010'],
    [12.5, 2.5, '12.5'],
    [1500, 500, '1500'],
    [-40, 20, '-40'],
    [999999, 100000, '999999'],
    [1234567, 500000, '1.2e6'],
    [0, 5, '0'],
    [1e-17, 0.5, '0'],
  ])('%d with step %d -> %s', (v, step, text) => {
    expect(formatAxisValue(v, step)).toBe(text);
  });

  it('labels stay short at every magnitude (an axis never grows past 8 characters)', () => {
    for (let exp = -40; exp <= 300; exp += 7) {
      const v = -7.123456789 * 10 ** exp;
      expect(formatAxisValue(v, niceStep(Math.abs(v), 7)).length, String(v)).toBeLessThanOrEqual(8);
      expect(formatAxisValue(v, niceStep(Math.abs(v), 7) * 3).length, String(v)).toBeLessThanOrEqual(8);
    }
  });

  it('ranges pad the data, never become infinite, and leave the lanes below the ticks', () => {
    expect(numericRange(0, 100, 0)).toEqual([-5, 105]);
    expect(numericRange(5, 5, 0)).toEqual([4.5, 5.5]);
    expect(numericRange(0, 0, 0)).toEqual([-1, 1]);
    expect(numericRange(null, null, 0)).toEqual([-0.05, 1.05]);
    const huge = numericRange(-Number.MAX_VALUE, Number.MAX_VALUE, 0.3);
    expect(huge.every(Number.isFinite)).toBe(true);
    const [min, max] = numericRange(0, 100, 0.32);
    const [lo, hi] = visiblePart(min, max, 0.32);
    expect(lo).toBeCloseTo(-5);
    expect(hi).toBeCloseTo(105);
    expect((lo - min) / (max - min)).toBeCloseTo(0.32);
  });

  it('ticks are round steps inside the visible part', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(0.7, 7)).toBeCloseTo(0.1);
    expect(ticksIn(-10, 110, 20)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticksIn(0, 1, 0)).toEqual([]);
    expect(ticksIn(-Number.MAX_VALUE, Number.MAX_VALUE, 1).length).toBeLessThanOrEqual(50);
  });
});
