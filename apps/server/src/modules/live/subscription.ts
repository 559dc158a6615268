import { LiveLimits } from '@hmi/domain';

/**
 * What one device data socket asked to see, its one subscription: a page of some devices, the
 * (device, tag) pairs of any devices, and devices wanted for `act` only. `subscribe` sets all of
 * it, `subscribe_tags` the pairs alone, `switch_page` the page index.
 */
export interface Subscription {
  /** Devices shown by page, in the order asked. */
  pageDevices: readonly number[];
  pageSize: number;
  page: number;
  /** Device id -> the tags wanted whatever the page. */
  pairs: ReadonlyMap<number, ReadonlySet<number>>;
  /** Devices whose acts only are wanted. */
  actDevices: readonly number[];
}

/** A change to a socket's subscription; a field left out keeps the socket's current one. */
export type SubscriptionChange = Partial<Subscription>;

export function emptySubscription(page: number): Subscription {
  return { pageDevices: [], pageSize: LiveLimits.pageSizeDefault, page, pairs: new Map(), actDevices: [] };
}

/** The subscription with the change's fields in place of its own. */
export function changed(current: Subscription, change: SubscriptionChange): Subscription {
  return {
    pageDevices: change.pageDevices ?? current.pageDevices,
    pageSize: change.pageSize ?? current.pageSize,
    page: change.page ?? current.page,
    pairs: change.pairs ?? current.pairs,
    actDevices: change.actDevices ?? current.actDevices,
  };
}

/** (device, tag) pairs by device. */
export function pairsByDevice(
  pairs: readonly { device_id: number; tag_id: number }[],
): Map<number, Set<number>> {
  const byDevice = new Map<number, Set<number>>();
  for (const p of pairs) {
    let set = byDevice.get(p.device_id);
    if (!set) byDevice.set(p.device_id, (set = new Set()));
    set.add(p.tag_id);
  }
  return byDevice;
}

/** Every device the subscription names (page, pairs, acts), each once, in that order. */
export function devicesOf(s: Pick<Subscription, 'pageDevices' | 'pairs' | 'actDevices'>): number[] {
  return [...new Set([...s.pageDevices, ...s.pairs.keys(), ...s.actDevices])];
}

/** Over the socket's device limit: the error text, else null. */
export function tooManyDevices(s: Pick<Subscription, 'pageDevices' | 'pairs' | 'actDevices'>): string | null {
  return devicesOf(s).length > LiveLimits.devicesPerSocketMax
    ? `at most ${LiveLimits.devicesPerSocketMax} devices`
    : null;
}

/**
 * The tags of a device the socket streams, in template order: those of the page (when the device
 * is shown by page) and the wanted pairs that are the device's; none without data (monitor 47).
 */
export function streamedTags(s: Subscription, tagIds: readonly number[], deviceId: number, canData: boolean) {
  if (!canData) return [];
  const want = s.pairs.get(deviceId);
  const paged = s.pageDevices.includes(deviceId);
  if (!paged) return want ? tagIds.filter((t) => want.has(t)) : [];
  const from = s.page * s.pageSize;
  const to = from + s.pageSize;
  return want ? tagIds.filter((t, i) => (i >= from && i < to) || want.has(t)) : tagIds.slice(from, to);
}
