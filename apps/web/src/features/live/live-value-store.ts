import { useCallback, useSyncExternalStore } from 'react';
import type { LiveDataItem } from '@hmi/domain';

/** A tag's latest value and when this screen received it (the device clock may be off). */
export interface LiveValue {
  value: LiveDataItem['value'];
  ts: number;
  receivedAt: number;
}

/**
 * Latest values by tag id with a subscription per tag, so that a value cell re-renders alone
 * when its tag changes (values update in place; the table around them does not re-render).
 */
export class LiveValueStore {
  private readonly values = new Map<number, LiveValue>();
  private readonly listeners = new Map<number, Set<() => void>>();

  get(tagId: number): LiveValue | undefined {
    return this.values.get(tagId);
  }

  /** Keeps the newest value of each item (by sample time) and notifies those tags' cells. */
  put(items: readonly { tag_id: number; ts: number; value: LiveValue['value'] }[], receivedAt: number): void {
    for (const item of items) {
      const old = this.values.get(item.tag_id);
      if (old && item.ts < old.ts) continue;
      this.values.set(item.tag_id, { value: item.value, ts: item.ts, receivedAt });
      this.listeners.get(item.tag_id)?.forEach((l) => l());
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
