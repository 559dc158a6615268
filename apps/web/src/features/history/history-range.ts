import { HistoryLimits, type HistorySeriesReply } from '@hmi/domain';

export const rangePresets = ['1h', '24h', '7d', '30d'] as const;
export type RangePreset = (typeof rangePresets)[number];

const HOUR = 3600_000;
const presetMs: Record<RangePreset, number> = {
  '1h': HOUR,
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
};

/** A time range in ms UTC, both ends inclusive (as the history contract takes it). */
export interface TimeRange {
  from: number;
  to: number;
}

export const isRangePreset = (v: unknown): v is RangePreset =>
  typeof v === 'string' && (rangePresets as readonly string[]).includes(v);

/** The last hour / day / week / month up to `now`. */
export function presetRange(preset: RangePreset, now: number): TimeRange {
  return { from: now - presetMs[preset], to: now };
}

/** The preset that holds the most data: where the data's extent is looked for. */
export const EXTENT_PRESET: RangePreset = '30d';

/** The first and the newest sample of a series reply, or null when it has none. */
export function extentOf(reply: HistorySeriesReply): TimeRange | null {
  let from = Infinity;
  let to = -Infinity;
  for (const s of reply.series) {
    for (const t of s.first_ts) from = Math.min(from, t);
    for (const t of s.last_ts) to = Math.max(to, t);
  }
  return Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
}

/**
 * The range a device's history opens with when the user chose none: the shortest preset that
 * shows its recent data. All of it within the last hour (a device bound an hour ago): the last
 * hour; data in the last day: the last day; older: the week, else the month that reaches its
 * newest sample. Nothing in the month (`extent` null): the last 24 hours (the empty chart then
 * offers longer ranges).
 */
export function fitPreset(extent: TimeRange | null, now: number): RangePreset {
  if (!extent) return '24h';
  if (extent.from >= now - presetMs['1h']) return '1h';
  if (extent.to >= now - presetMs['24h']) return '24h';
  return extent.to >= now - presetMs['7d'] ? '7d' : '30d';
}

/**
 * A custom range made valid for the server: ends in order, no later than now, at most
 * HistoryLimits.maxRangeMs long (the start moves, the end stays: users pick "up to" a moment).
 */
export function clampRange(range: TimeRange, now: number): TimeRange {
  let { from, to } = range;
  if (to < from) [from, to] = [to, from];
  to = Math.min(to, now);
  from = Math.min(from, to);
  if (to - from > HistoryLimits.maxRangeMs) from = to - HistoryLimits.maxRangeMs;
  return { from: Math.round(from), to: Math.round(to) };
}

/** Shortest visible span when zooming in: below a second nothing more is to be seen. */
export const MIN_VIEW_MS = 1000;

/**
 * The visible window after a zoom (drag-select) to [from, to]: at least MIN_VIEW_MS wide,
 * kept inside `bounds` (the chosen range).
 */
export function zoomTo(sel: TimeRange, bounds: TimeRange): TimeRange {
  let from = Math.max(Math.round(Math.min(sel.from, sel.to)), bounds.from);
  let to = Math.min(Math.round(Math.max(sel.from, sel.to)), bounds.to);
  if (to - from < MIN_VIEW_MS) {
    const mid = (from + to) / 2;
    from = Math.round(mid - MIN_VIEW_MS / 2);
    to = from + MIN_VIEW_MS;
  }
  return within({ from, to }, bounds);
}

/** Moves the window by `fraction` of its width (negative: back in time), inside `bounds`. */
export function panBy(view: TimeRange, fraction: number, bounds: TimeRange): TimeRange {
  const shift = Math.round((view.to - view.from) * fraction);
  return within({ from: view.from + shift, to: view.to + shift }, bounds);
}

/** Widens the window `factor` times around its centre, never beyond `bounds`. */
export function zoomOut(view: TimeRange, factor: number, bounds: TimeRange): TimeRange {
  const half = ((view.to - view.from) * factor) / 2;
  const mid = (view.from + view.to) / 2;
  return within({ from: Math.round(mid - half), to: Math.round(mid + half) }, bounds);
}

/** Slides a window into `bounds` keeping its width (or shrinks it to the bounds when wider). */
function within(view: TimeRange, bounds: TimeRange): TimeRange {
  const width = view.to - view.from;
  if (width >= bounds.to - bounds.from) return { ...bounds };
  if (view.from < bounds.from) return { from: bounds.from, to: bounds.from + width };
  if (view.to > bounds.to) return { from: bounds.to - width, to: bounds.to };
  return view;
}

export const sameRange = (a: TimeRange, b: TimeRange) => a.from === b.from && a.to === b.to;

/**
 * The `width` of a series query for a plotting area `px` CSS pixels wide: whole pixels, rounded
 * down to a multiple of 8 so small resizes reuse the cached series, within the contract's limits.
 * The server then answers at most width / 2 buckets (min and max: about 2 points per pixel).
 */
export function seriesWidth(px: number): number {
  const w = Math.floor(px / 8) * 8;
  return Math.min(HistoryLimits.widthMax, Math.max(HistoryLimits.widthMin, w));
}

/** The bucket the server will use for a range and width (the same arithmetic as the contract). */
export function expectedBucketMs(range: TimeRange, width: number): number {
  const buckets = Math.ceil(width / HistoryLimits.pixelsPerBucket);
  return Math.max(1, Math.ceil((range.to - range.from + 1) / buckets));
}

/**
 * The user's UTC offset in hours at `at` (8, -5, 5.5), as the export's `tz` takes it: times in
 * the file read as the local time of the browser.
 */
export function timezoneOffsetHours(at: Date = new Date()): number {
  const hours = -at.getTimezoneOffset() / 60;
  return Object.is(hours, -0) ? 0 : hours;
}
