import dayjs from 'dayjs';
import type { HistoryValue } from '@hmi/domain';
import { CLOCK_FORMAT, DATE_FORMAT, TIME_FORMAT } from '../../shared/format/date-time.ts';

/** A time in the browser's timezone; milliseconds only when the sample has them; no year when short. */
export function formatTime(ts: number, short = false): string {
  const date = short ? 'MM-DD' : DATE_FORMAT;
  return dayjs(ts).format(ts % 1000 === 0 ? `${date} ${TIME_FORMAT}` : `${date} ${TIME_FORMAT}.SSS`);
}

const DAY_MS = 86_400_000;

/**
 * Labels of the chart's time axis in the console's format (24-hour clock, YYYY-MM-DD): dates
 * alone when the ticks are days apart, else the clock to the precision of the step, with the date
 * on a second line under the first tick and wherever the day changes.
 */
export function timeAxisLabels(ticks: readonly number[], step: number): string[] {
  if (step >= DAY_MS) return ticks.map((ts) => dayjs(ts).format(DATE_FORMAT));
  const clock = step >= 60_000 ? CLOCK_FORMAT : step >= 1000 ? TIME_FORMAT : `${TIME_FORMAT}.SSS`;
  let previous: string | undefined;
  return ticks.map((ts) => {
    const d = dayjs(ts);
    const day = d.format(DATE_FORMAT);
    const label = day === previous ? d.format(clock) : `${d.format(clock)}\n${day}`;
    previous = day;
    return label;
  });
}

/**
 * A value as the template says to show it (its decimals); text as it is; null as null. Whole
 * numbers below 1e21 stay exact; anything of 1e15 and more otherwise, or (when the template sets
 * no decimals) a fraction below 0.0005, is written in scientific notation with up to 7
 * significant digits, never as a row of digits or of zeros.
 */
export function formatValue(value: HistoryValue, decimals = 0): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  // Whole numbers JavaScript still writes out digit by digit stay exact (64-bit counters).
  if (Number.isInteger(value) && decimals === 0 && abs < 1e21) return String(value);
  const places = Math.min(Math.max(decimals, 0), 6) || (Number.isInteger(value) ? 0 : 3);
  // A template without decimals says nothing of tiny values: 1.5e-9, not 0.000.
  if (abs >= 1e15 || (decimals <= 0 && abs > 0 && abs < 0.0005))
    return value
      .toExponential(6)
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  return value.toFixed(places);
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
