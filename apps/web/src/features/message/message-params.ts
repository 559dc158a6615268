import {
  AlarmMessageFilter,
  type AlarmExportBody,
  type MessageKindName,
  type MessageQuery,
} from '@hmi/domain';

/** The state filter of alarm messages: 0 all, 1 alarm, 2 response, 4 recovery (SPEC section 4). */
export type MessageStateFilter = AlarmMessageFilter;
export const messageStates: readonly MessageStateFilter[] = [
  AlarmMessageFilter.All,
  AlarmMessageFilter.Alarm,
  AlarmMessageFilter.Response,
  AlarmMessageFilter.Recovery,
];

export type ReadFilter = 'unread' | 'read';

/** A message list's state as the URL carries it (a filtered list can be linked to and reloaded). */
export interface MessageListParams {
  page: number;
  page_size: number;
  /** Alarm messages only. */
  state: MessageStateFilter;
  /** Alarm messages only: a mask of levels, 0 = all. */
  level: number;
  read?: ReadFilter;
  from?: number;
  to?: number;
  search?: string;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const SEARCH_MAX = 64;

const whole = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
};

/** Reads the list state from the query string; anything malformed falls back to its default. */
export function parseMessageParams(search: URLSearchParams): MessageListParams {
  const size = whole(search.get('page_size'));
  const state = whole(search.get('state'));
  const level = whole(search.get('level'));
  const out: MessageListParams = {
    page: Math.max(1, whole(search.get('page')) ?? 1),
    page_size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    state: (messageStates as readonly number[]).includes(state ?? -1) ? (state as MessageStateFilter) : 0,
    level: level !== undefined && level <= 31 ? level : 0,
  };
  const read = search.get('read');
  if (read === 'unread' || read === 'read') out.read = read;
  const from = whole(search.get('from'));
  const to = whole(search.get('to'));
  if (from !== undefined && to !== undefined && from > to) {
    out.from = to;
    out.to = from;
  } else {
    if (from !== undefined) out.from = from;
    if (to !== undefined) out.to = to;
  }
  const q = search.get('search')?.trim();
  if (q) out.search = q.slice(0, SEARCH_MAX);
  return out;
}

/** The query string of a list state, leaving out defaults so links stay short. */
export function messageParamsToSearch(p: MessageListParams): URLSearchParams {
  const out = new URLSearchParams();
  const put = (k: string, v: string | number | undefined, fallback?: string | number) => {
    if (v !== undefined && v !== '' && v !== fallback) out.set(k, String(v));
  };
  put('state', p.state, 0);
  put('level', p.level, 0);
  put('read', p.read);
  put('from', p.from);
  put('to', p.to);
  put('search', p.search);
  put('page', p.page, 1);
  put('page_size', p.page_size, DEFAULT_PAGE_SIZE);
  return out;
}

/** The `/msg/notify` query of a list state: the alarm filters only for alarm messages. */
export function toMessageQuery(p: MessageListParams, kind: MessageKindName): MessageQuery {
  const q: MessageQuery = { kind, page: p.page, page_size: p.page_size };
  if (kind === 'alarm') {
    if (p.state) q.state = p.state;
    if (p.level) q.level = p.level;
  }
  if (p.read) q.unread = p.read === 'unread' ? 'true' : 'false';
  if (p.from !== undefined) q.from = p.from;
  if (p.to !== undefined) q.to = p.to;
  if (p.search) q.search = p.search;
  return q;
}

/**
 * The AskAlarms export body of the alarm message filters: state, levels, time range and search
 * (read/unread is each user's own mark on a message, not a property of the alarm records the
 * file lists), with the caller's offset from UTC in hours.
 */
export function toExportBody(p: MessageListParams, tz: number): AlarmExportBody {
  const body: AlarmExportBody = { state: p.state, tz };
  if (p.level) body.level = p.level;
  if (p.from !== undefined) body.from = p.from;
  if (p.to !== undefined) body.to = p.to;
  if (p.search) body.search = p.search;
  return body;
}

/** Filters in effect besides the search box (the badge on the phone's filter button). */
export function activeFilterCount(p: MessageListParams, kind: MessageKindName): number {
  const alarm = kind === 'alarm' ? [p.state || undefined, p.level || undefined] : [];
  return [...alarm, p.read, p.from ?? p.to].filter((v) => v !== undefined).length;
}
