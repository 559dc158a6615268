import { describe, expect, it } from 'vitest';
import { LiveValueStore } from './live-value-store.ts';

describe('LiveValueStore', () => {
  it('keeps the newest value of each tag by sample time', () => {
    const store = new LiveValueStore();
    store.put(
      [
        { tag_id: 1, ts: 10, value: 1 },
        { tag_id: 2, ts: 10, value: 'a' },
      ],
      100,
    );
    store.put([{ tag_id: 1, ts: 5, value: 99 }], 200);
    store.putItem({ tag_id: 2, ts: 11, value: 'b' }, 300);
    expect(store.get(1)).toEqual({ value: 1, ts: 10, receivedAt: 100 });
    expect(store.get(2)).toEqual({ value: 'b', ts: 11, receivedAt: 300 });
    expect(store.get(3)).toBeUndefined();
    expect(store.lastReceivedAt).toBe(300);
  });

  it('notifies the listeners of a changed tag only, until they unsubscribe', () => {
    const store = new LiveValueStore();
    const heard: string[] = [];
    const off1 = store.subscribe(1, () => heard.push('a1'));
    store.subscribe(1, () => heard.push('b1'));
    store.subscribe(2, () => heard.push('a2'));
    store.putItem({ tag_id: 1, ts: 1, value: 1 }, 1);
    expect(heard).toEqual(['a1', 'b1']);
    off1();
    store.putItem({ tag_id: 1, ts: 0, value: 0 }, 2); // older: kept out, nobody hears
    store.putItem({ tag_id: 1, ts: 2, value: 2 }, 3);
    expect(heard).toEqual(['a1', 'b1', 'b1']);
  });

  it('clear forgets every value and tells the cells shown', () => {
    const store = new LiveValueStore();
    const heard: number[] = [];
    store.subscribe(1, () => heard.push(1));
    store.putItem({ tag_id: 1, ts: 1, value: 1 }, 1);
    store.clear();
    expect(store.get(1)).toBeUndefined();
    expect(store.lastReceivedAt).toBe(0);
    expect(heard).toEqual([1, 1]);
    store.clear(); // empty: nobody hears
    expect(heard).toEqual([1, 1]);
  });
});
