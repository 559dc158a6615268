import { LiveLimits, type LiveClientMessage } from '@hmi/domain';

/** What one screen wants of the tab's device data socket. */
export interface LiveWant {
  /** Devices shown by page: page `page` of `pageSize` tags of each. */
  page?: { deviceIds: readonly number[]; pageSize: number; page: number };
  /** (device, tag) pairs, whatever the page. */
  pairs?: readonly { device_id: number; tag_id: number }[];
  /** Devices whose `act` messages only are wanted. */
  acts?: readonly number[];
}

/** The tab's one subscription, as sent. */
export type LiveSubscribe = Extract<LiveClientMessage, { type: 'subscribe' }> & {
  page_size: number;
  page: number;
  tags: { device_id: number; tag_id: number }[];
  act_device_ids: number[];
};

/** Every device a want names (its `act` messages are for it). */
export function wantDevices(want: LiveWant): Set<number> {
  const ids = new Set<number>(want.page?.deviceIds);
  for (const p of want.pairs ?? []) ids.add(p.device_id);
  for (const id of want.acts ?? []) ids.add(id);
  return ids;
}

/**
 * The screens' wants (in the order they registered) as the tab's one subscription, or null when
 * they want nothing. One page for the tab: the last want with a page sets the page and its size,
 * the devices of every page want are shown at it (screens showing pages of different sizes at
 * once do not happen in the console). Pairs and act-only devices are the union of all. Capped as
 * the server caps a socket: at most LiveLimits.devicesPerSocketMax devices in all (page devices
 * first, then the pairs' devices, then act-only ones) and LiveLimits.tagPairsMax pairs.
 */
export function mergeWants(wants: Iterable<LiveWant>): LiveSubscribe | null {
  const devices = new Set<number>();
  const admit = (id: number) => {
    if (devices.has(id)) return true;
    if (devices.size >= LiveLimits.devicesPerSocketMax) return false;
    devices.add(id);
    return true;
  };
  const list = [...wants];
  let page: LiveWant['page'];
  const pageIds: number[] = [];
  for (const w of list) {
    if (!w.page) continue;
    page = w.page;
    for (const id of w.page.deviceIds) if (!pageIds.includes(id) && admit(id)) pageIds.push(id);
  }
  const pairKeys = new Set<string>();
  const tags: LiveSubscribe['tags'] = [];
  for (const w of list) {
    for (const p of w.pairs ?? []) {
      const key = `${p.device_id}:${p.tag_id}`;
      if (pairKeys.has(key) || tags.length >= LiveLimits.tagPairsMax || !admit(p.device_id)) continue;
      pairKeys.add(key);
      tags.push({ device_id: p.device_id, tag_id: p.tag_id });
    }
  }
  const acts: number[] = [];
  const inView = new Set([...pageIds, ...tags.map((p) => p.device_id)]);
  for (const w of list) {
    for (const id of w.acts ?? []) if (!inView.has(id) && !acts.includes(id) && admit(id)) acts.push(id);
  }
  if (pageIds.length === 0 && tags.length === 0 && acts.length === 0) return null;
  return {
    type: 'subscribe',
    device_ids: pageIds,
    page_size: page?.pageSize ?? LiveLimits.pageSizeDefault,
    page: page?.page ?? 0,
    tags,
    act_device_ids: acts,
  };
}

/** The same subscription but perhaps its page: a `switch_page` is enough. */
export function samePageView(a: LiveSubscribe, b: LiveSubscribe): boolean {
  return JSON.stringify({ ...a, page: 0 }) === JSON.stringify({ ...b, page: 0 });
}
