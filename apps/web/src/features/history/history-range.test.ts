import { describe, expect, it } from 'vitest';
import { HistoryLimits } from '@hmi/domain';
import {
  extentOf,
  fitPreset,
  clampRange,
  expectedBucketMs,
  panBy,
  presetRange,
  seriesWidth,
  timezoneOffsetHours,
  zoomOut,
  zoomTo,
} from './history-range.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const H = 3600_000;

describe('range presets', () => {
  it.each([
    ['1h', H],
    ['24h', 24 * H],
    ['7d', 7 * 24 * H],
    ['30d', 30 * 24 * H],
  ] as const)('%s counts back from now', (preset, span) => {
    expect(presetRange(preset, NOW)).toEqual({ from: NOW - span, to: NOW });
  });
});

describe('custom range', () => {
  it('puts the ends in order and stops at now', () => {
    expect(clampRange({ from: NOW + H, to: NOW - H }, NOW)).toEqual({ from: NOW - H, to: NOW });
  });

  it('keeps the end and moves the start when longer than the server allows', () => {
    const r = clampRange({ from: NOW - 400 * 24 * H, to: NOW - H }, NOW);
    expect(r.to).toBe(NOW - H);
    expect(r.to - r.from).toBe(HistoryLimits.maxRangeMs);
  });

  it('a range entirely in the future collapses onto now', () => {
    expect(clampRange({ from: NOW + H, to: NOW + 2 * H }, NOW)).toEqual({ from: NOW, to: NOW });
  });
});

describe('zoom and pan', () => {
  const bounds = { from: NOW - 24 * H, to: NOW };

  it('zooms to the selection, never outside the chosen range', () => {
    expect(zoomTo({ from: NOW - 2 * H, to: NOW - H }, bounds)).toEqual({ from: NOW - 2 * H, to: NOW - H });
    expect(zoomTo({ from: NOW - H, to: NOW + H }, bounds)).toEqual({ from: NOW - H, to: NOW });
  });

  it('a selection narrower than a second widens to a second around its middle', () => {
    const v = zoomTo({ from: NOW - H, to: NOW - H + 10 }, bounds);
    expect(v.to - v.from).toBe(1000);
    expect(v.from).toBeLessThanOrEqual(NOW - H);
    expect(v.to).toBeGreaterThanOrEqual(NOW - H + 10);
  });

  it('pans by a fraction of the window and stops at the edges keeping the width', () => {
    const view = { from: NOW - 4 * H, to: NOW - 2 * H };
    expect(panBy(view, -0.5, bounds)).toEqual({ from: NOW - 5 * H, to: NOW - 3 * H });
    expect(panBy(view, 5, bounds)).toEqual({ from: NOW - 2 * H, to: NOW });
    expect(panBy(view, -50, bounds)).toEqual({ from: NOW - 24 * H, to: NOW - 22 * H });
  });

  it('zooming out widens around the centre up to the whole range', () => {
    expect(zoomOut({ from: NOW - 4 * H, to: NOW - 2 * H }, 2, bounds)).toEqual({
      from: NOW - 5 * H,
      to: NOW - H,
    });
    expect(zoomOut({ from: NOW - 4 * H, to: NOW - 2 * H }, 100, bounds)).toEqual(bounds);
  });
});

describe('series width and bucket', () => {
  it('asks for the plotting width in steps of 8 px within the contract limits', () => {
    expect(seriesWidth(1203.6)).toBe(1200);
    expect(seriesWidth(1207)).toBe(1200);
    expect(seriesWidth(3)).toBe(HistoryLimits.widthMin);
    expect(seriesWidth(9000)).toBe(HistoryLimits.widthMax);
  });

  it('gives about 2 points (min and max) per pixel', () => {
    const range = { from: NOW - 24 * H, to: NOW - 1 };
    const width = 1200;
    const bucket = expectedBucketMs(range, width);
    expect(bucket).toBe(144_000);
    const buckets = Math.ceil((range.to - range.from + 1) / bucket);
    expect(buckets * 2).toBeLessThanOrEqual(width);
    expect(buckets * 2).toBeGreaterThan(width - 4);
  });

  it('never asks for buckets under a millisecond', () => {
    expect(expectedBucketMs({ from: NOW, to: NOW + 10 }, 4000)).toBe(1);
  });
});

describe('timezone offset in hours', () => {
  it('is the negated minutes offset of the date, in hours', () => {
    const fake = (minutes: number) => ({ getTimezoneOffset: () => minutes }) as Date;
    expect(timezoneOffsetHours(fake(-480))).toBe(8);
    expect(timezoneOffsetHours(fake(300))).toBe(-5);
    expect(timezoneOffsetHours(fake(-330))).toBe(5.5);
    expect(Object.is(timezoneOffsetHours(fake(0)), 0)).toBe(true);
  });
});

describe('the range a device opens with', () => {
  const now = Date.UTC(2026, 2, 1, 12, 0, 0);
  const H = 3600_000;
  it.each([
    ['no data in the last 30 days', null, '24h'],
    ['an hour of data (a device bound an hour ago)', { from: now - 55 * 60_000, to: now - 1000 }, '1h'],
    ['a few seconds of data', { from: now - 10_000, to: now - 5000 }, '1h'],
    ['two hours of data', { from: now - 2 * H, to: now }, '24h'],
    ['weeks of data up to now', { from: now - 20 * 24 * H, to: now }, '24h'],
    ['data until 3 days ago', { from: now - 20 * 24 * H, to: now - 3 * 24 * H }, '7d'],
    ['data until 10 days ago', { from: now - 20 * 24 * H, to: now - 10 * 24 * H }, '30d'],
  ] as const)('%s -> %s', (_what, extent, preset) => {
    expect(fitPreset(extent, now)).toBe(preset);
  });

  it('reads the first and newest sample of the tags from a series reply', () => {
    const series = (tag_id: number, first_ts: number[], last_ts: number[]) => ({
      tag_id,
      t: first_ts,
      n: first_ts.map(() => 1),
      min: first_ts.map(() => 0),
      max: first_ts.map(() => 0),
      first: first_ts.map(() => 0),
      last: first_ts.map(() => 0),
      first_ts,
      last_ts,
    });
    const reply = { from: 0, to: 0, origin: 0, bucket_ms: 1, source: 'rollup' as const };
    expect(
      extentOf({ ...reply, series: [series(1, [500, 900], [800, 1200]), series(2, [300], [1000])] }),
    ).toEqual({ from: 300, to: 1200 });
    expect(extentOf({ ...reply, series: [series(1, [], [])] })).toBeNull();
  });
});
