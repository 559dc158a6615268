import { deviceSortKeys, type DeviceListQuery, type DeviceSortKey } from '@hmi/domain';

/** The list state as the URL carries it, so a filtered list can be linked to (overview cards). */
export interface DeviceListParams {
  page: number;
  page_size: number;
  search?: string;
  group_id?: number;
  label_id?: number;
  online?: 0 | 1;
  sync_state?: 0 | 1;
  /** 1 devices with an active alarm, 0 without (the control panel's "in alarm" links here). */
  alarm?: 0 | 1;
  model?: string;
  template_id?: number;
  sort: DeviceSortKey;
  order: 'asc' | 'desc';
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const positive = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
};
const flag = (v: string | null): 0 | 1 | undefined => (v === '0' ? 0 : v === '1' ? 1 : undefined);
const text = (v: string | null, max: number): string | undefined => {
  const s = v?.trim();
  return s ? s.slice(0, max) : undefined;
};

/** Reads the list state from the query string; anything malformed falls back to its default. */
export function parseListParams(search: URLSearchParams): DeviceListParams {
  const size = positive(search.get('page_size'));
  const sort = search.get('sort');
  const out: DeviceListParams = {
    page: positive(search.get('page')) ?? 1,
    page_size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: (deviceSortKeys as readonly string[]).includes(sort ?? '') ? (sort as DeviceSortKey) : 'name',
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const q = text(search.get('search'), 64);
  if (q) out.search = q;
  const group = positive(search.get('group_id'));
  if (group) out.group_id = group;
  const label = positive(search.get('label_id'));
  if (label) out.label_id = label;
  const online = flag(search.get('online'));
  if (online !== undefined) out.online = online;
  const sync = flag(search.get('sync_state'));
  if (sync !== undefined) out.sync_state = sync;
  const alarm = flag(search.get('alarm'));
  if (alarm !== undefined) out.alarm = alarm;
  const model = text(search.get('model'), 128);
  if (model) out.model = model;
  const template = positive(search.get('template_id'));
  if (template) out.template_id = template;
  return out;
}

/** The query string of a list state, leaving out defaults so links stay short. */
export function listParamsToSearch(p: DeviceListParams): URLSearchParams {
  const out = new URLSearchParams();
  const put = (k: string, v: string | number | undefined, fallback?: string | number) => {
    if (v !== undefined && v !== '' && v !== fallback) out.set(k, String(v));
  };
  put('search', p.search);
  put('group_id', p.group_id);
  put('label_id', p.label_id);
  put('online', p.online);
  put('sync_state', p.sync_state);
  put('alarm', p.alarm);
  put('model', p.model);
  put('template_id', p.template_id);
  put('sort', p.sort, 'name');
  put('order', p.order, 'asc');
  put('page', p.page, 1);
  put('page_size', p.page_size, DEFAULT_PAGE_SIZE);
  return out;
}

/** Filters beyond the search box that are in effect (the badge on the phone's filter button). */
export function activeFilterCount(p: DeviceListParams): number {
  return [p.group_id, p.label_id, p.online, p.sync_state, p.alarm, p.model, p.template_id].filter(
    (v) => v !== undefined,
  ).length;
}

/** The API query of a list state. */
export const toListQuery = (p: DeviceListParams): DeviceListQuery => ({ ...p });
