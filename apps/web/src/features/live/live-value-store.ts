import { useCallback, useSyncExternalStore } from 'react';
import type { LiveDataItem } from '@hmi/domain';

/** A tag's latest value and when this screen received it (the device clock may be off). */
export interface LiveValue {
  value: LiveDataItem['value'];
  ts: number;
  receivedAt: number;
}

type Item = { tag_id: number; ts: number; value: LiveValue['value'] };

/**
 * Latest values of one device by tag id with a subscription per tag, so that a value cell
 * re-renders alone when its tag changes (values update in place; the table around them does not
 * re-render). The tab's live subscription (live-tab.ts) keeps one per device and fills it.
 */
export class LiveValueStore {
  private readonly values = new Map<number, LiveValue>();
  private readonly listeners = new Map<number, Set<() => void>>();
  private received = 0;

  get(tagId: number): LiveValue | undefined {
    return this.values.get(tagId);
  }

  /** When the last value arrived (0: none yet). */
  get lastReceivedAt(): number {
    return this.received;
  }

  /** Keeps the newest value of each item (by sample time) and notifies those tags' cells. */
  put(items: readonly Item[], receivedAt: number): void {
    for (const item of items) this.putItem(item, receivedAt);
  }

  /** One item of `put` (the tab's socket calls it per item: no array per device). */
  putItem(item: Item, receivedAt: number): void {
    this.received = receivedAt;
    const old = this.values.get(item.tag_id);
    if (old && item.ts < old.ts) return;
    this.values.set(item.tag_id, { value: item.value, ts: item.ts, receivedAt });
    const listeners = this.listeners.get(item.tag_id);
    if (listeners) for (const l of listeners) l();
  }

  /** Forgets every value (no screen shows the device any more); the cells shown hear of it. */
  clear(): void {
    if (this.values.size === 0) return;
    const tags = [...this.values.keys()];
    this.values.clear();
    this.received = 0;
    for (const tag of tags) {
      const listeners = this.listeners.get(tag);
      if (listeners) for (const l of listeners) l();
    }
  }

  subscribe(tagId: number, listener: () => void): () => void {
    let set = this.listeners.get(tagId);
    if (!set) this.listeners.set(tagId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(tagId);
    };
  }
}

/** The latest value of one tag; re-renders the caller only when that tag changes. */
export function useLiveValue(store: LiveValueStore, tagId: number): LiveValue | undefined {
  const subscribe = useCallback((cb: () => void) => store.subscribe(tagId, cb), [store, tagId]);
  return useSyncExternalStore(subscribe, () => store.get(tagId));
}
