import { HistoryLimits } from '@hmi/domain';
import { isRangePreset, type RangePreset, type TimeRange } from './history-range.ts';

/** What the history screen shows, kept in the URL so a link or a reload opens the same view. */
export interface HistoryParams {
  deviceId?: number;
  /** In the order chosen (it decides the colours); at most HistoryLimits.maxTags. */
  tagIds: number[];
  /** A preset counts back from now; otherwise the custom range. */
  preset?: RangePreset;
  custom?: TimeRange;
  /**
   * No range was chosen (none in the URL): the screen fits the preset to the device's data
   * (fitPreset), DEFAULT_PRESET until it knows. Choosing a range ends it.
   */
  auto?: true;
}

export const DEFAULT_PRESET: RangePreset = '24h';

const positiveInt = (s: string | null): number | undefined => {
  if (s === null || !/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Reads `?device=&tags=1,2&range=24h` or `?from=&to=` (ms); anything unusable is left out. */
export function parseHistoryParams(search: URLSearchParams): HistoryParams {
  const deviceId = positiveInt(search.get('device'));
  const tagIds = [
    ...new Set(
      (search.get('tags') ?? '')
        .split(',')
        .map((s) => positiveInt(s.trim()))
        .filter((n): n is number => n !== undefined),
    ),
  ].slice(0, HistoryLimits.maxTags);
  const out: HistoryParams = { tagIds: deviceId ? tagIds : [] };
  if (deviceId) out.deviceId = deviceId;
  const range = search.get('range');
  const from = positiveInt(search.get('from'));
  const to = positiveInt(search.get('to'));
  if (isRangePreset(range)) out.preset = range;
  else if (from !== undefined && to !== undefined && to > from) out.custom = { from, to };
  else {
    out.preset = DEFAULT_PRESET;
    out.auto = true;
  }
  return out;
}

/** The URL form of the params (a range fitted to the data is left out: it is fitted again). */
export function historyParamsToSearch(p: HistoryParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.deviceId) out.set('device', String(p.deviceId));
  if (p.deviceId && p.tagIds.length > 0) out.set('tags', p.tagIds.join(','));
  if (p.custom && !p.preset) {
    out.set('from', String(p.custom.from));
    out.set('to', String(p.custom.to));
  } else if (p.preset && !p.auto) out.set('range', p.preset);
  return out;
}
