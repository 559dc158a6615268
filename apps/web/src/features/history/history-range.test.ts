import { describe, expect, it } from 'vitest';
import { HistoryLimits } from '@hmi/domain';
import {
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
