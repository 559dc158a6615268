import { AlarmMessageFilter, type AlarmExportBody, type AlarmRecordQuery } from '@hmi/domain';
import { levelMask, levelsOfMask } from './alarm-levels.ts';

export const recordTabs = ['active', 'history'] as const;
export type RecordTab = (typeof recordTabs)[number];
export type RecordStateFilter = AlarmMessageFilter;

/** The records screen's filters, kept in the URL so a link or the back button restores them. */
export interface RecordFilters {
  tab: RecordTab;
  deviceId?: number;
  groupId?: number;
  /** Levels chosen (none = all). */
  levels: number[];
  /** 0 all, 1 alarm, 2 response (acknowledged), 4 recovery. */
  state: RecordStateFilter;
  /** raised_at window, ms. */
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
}

export const RECORD_PAGE_SIZES = [20, 50, 100] as const;
const STATES: readonly number[] = Object.values(AlarmMessageFilter);

/** States offered on a tab: open records are never recovered. */
export function statesOf(tab: RecordTab): RecordStateFilter[] {
  return tab === 'active'
    ? [AlarmMessageFilter.All, AlarmMessageFilter.Alarm, AlarmMessageFilter.Response]
    : [
        AlarmMessageFilter.All,
        AlarmMessageFilter.Alarm,
        AlarmMessageFilter.Response,
        AlarmMessageFilter.Recovery,
      ];
}

const positive = (raw: string | null): number | undefined => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Reads the filters from the URL; anything malformed falls back to its default. */
export function parseRecordFilters(search: URLSearchParams): RecordFilters {
  const tab: RecordTab = search.get('tab') === 'history' ? 'history' : 'active';
  const rawState = Number(search.get('state') ?? 0);
  const state = (
    STATES.includes(rawState) && statesOf(tab).includes(rawState as RecordStateFilter) ? rawState : 0
  ) as RecordStateFilter;
  const size = positive(search.get('size'));
  const from = positive(search.get('from'));
  const to = positive(search.get('to'));
  // Either end may be open; ends in the wrong order are dropped.
  const range =
    from !== undefined && to !== undefined && from > to
      ? {}
      : { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const deviceId = positive(search.get('device'));
  const groupId = positive(search.get('group'));
  return {
    tab,
    ...(deviceId ? { deviceId } : {}),
    ...(groupId ? { groupId } : {}),
    levels: levelsOfMask(positive(search.get('level')) ?? 0),
    state,
    ...range,
    page: positive(search.get('page')) ?? 1,
    pageSize: (RECORD_PAGE_SIZES as readonly number[]).includes(size ?? 0) ? size! : RECORD_PAGE_SIZES[0],
  };
}

/** The URL of a set of filters (defaults left out, so a plain link stays plain). */
export function recordFiltersToSearch(f: RecordFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.tab !== 'active') out.set('tab', f.tab);
  if (f.deviceId) out.set('device', String(f.deviceId));
  if (f.groupId) out.set('group', String(f.groupId));
  const mask = levelMask(f.levels);
  if (mask) out.set('level', String(mask));
  if (f.state) out.set('state', String(f.state));
  if (f.from !== undefined) out.set('from', String(f.from));
  if (f.to !== undefined) out.set('to', String(f.to));
  if (f.page > 1) out.set('page', String(f.page));
  if (f.pageSize !== RECORD_PAGE_SIZES[0]) out.set('size', String(f.pageSize));
  return out;
}

/** The filters the list and the export share (no paging). */
function filterQuery(f: RecordFilters): Omit<AlarmRecordQuery, 'page' | 'page_size'> {
  const mask = levelMask(f.levels);
  return {
    ...(f.deviceId ? { device_id: f.deviceId } : {}),
    ...(f.groupId ? { group_id: f.groupId } : {}),
    ...(mask ? { level: mask } : {}),
    state: f.state,
    ...(f.tab === 'active' ? { active: 'true' as const } : {}),
    ...(f.from !== undefined ? { from: f.from } : {}),
    ...(f.to !== undefined ? { to: f.to } : {}),
  };
}

/** The record list query of the filters. */
export function toRecordQuery(f: RecordFilters): AlarmRecordQuery {
  return { ...filterQuery(f), page: f.page, page_size: f.pageSize };
}

/** The AskAlarms export body of the filters with the user's offset from UTC in hours. */
export function toExportBody(f: RecordFilters, tz: number): AlarmExportBody {
  return { ...filterQuery(f), tz };
}

/** How many filters beyond the tab are set (for the reset button and the phone's filter badge). */
export function activeRecordFilters(f: RecordFilters): number {
  return (
    (f.deviceId ? 1 : 0) +
    (f.groupId ? 1 : 0) +
    (f.levels.length ? 1 : 0) +
    (f.state ? 1 : 0) +
    (f.from !== undefined || f.to !== undefined ? 1 : 0)
  );
}
