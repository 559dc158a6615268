import dayjs from 'dayjs';
import type { HistoryValue } from '@hmi/domain';

/** A time in the browser's timezone; milliseconds only when the sample has them; no year when short. */
export function formatTime(ts: number, short = false): string {
  const date = short ? 'MM-DD' : 'YYYY-MM-DD';
  return dayjs(ts).format(ts % 1000 === 0 ? `${date} HH:mm:ss` : `${date} HH:mm:ss.SSS`);
}

/** A value as the template says to show it (its decimals); text as it is; null as null. */
export function formatValue(value: HistoryValue, decimals = 0): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value) && decimals === 0) return String(value);
  return value.toFixed(Math.min(Math.max(decimals, 0), 6) || (Number.isInteger(value) ? 0 : 3));
}

/** `UTC+08:00`, `UTC-05:00`, `UTC+05:30` of an offset in hours (as in the export's header). */
export function utcLabel(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(hours) * 60);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const units = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['min', 60_000],
  ['s', 1000],
] as const;

/** A bucket length as a count and a unit key (ms, s, min, h, d) for the chart's caption. */
export function durationParts(ms: number): { count: number; unit: 'ms' | 's' | 'min' | 'h' | 'd' } {
  for (const [unit, size] of units) {
    if (ms >= size) return { count: Math.round((ms / size) * 10) / 10, unit };
  }
  return { count: Math.max(1, Math.round(ms)), unit: 'ms' };
}
