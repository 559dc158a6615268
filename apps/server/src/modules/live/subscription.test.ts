import { LiveLimits } from '@hmi/domain';
import { describe, expect, it } from 'vitest';
import {
  changed,
  devicesOf,
  emptySubscription,
  pairsByDevice,
  streamedTags,
  tooManyDevices,
  type Subscription,
} from './subscription.ts';

/* A socket's one subscription: page devices, (device, tag) pairs, act-only devices. */

const TAGS = [11, 12, 13, 14, 15];

function sub(over: Partial<Subscription>): Subscription {
  return changed(emptySubscription(0), over);
}

describe('subscription', () => {
  it('names every device once: page, pairs, then acts', () => {
    const s = sub({
      pageDevices: [3, 1],
      pairs: pairsByDevice([
        { device_id: 2, tag_id: 5 },
        { device_id: 1, tag_id: 6 },
        { device_id: 2, tag_id: 7 },
      ]),
      actDevices: [4, 3],
    });
    expect(devicesOf(s)).toEqual([3, 1, 2, 4]);
    expect([...s.pairs.get(2)!]).toEqual([5, 7]);
  });

  it('streams the page of a paged device, the pairs of any, nothing of an act-only device', () => {
    const s = sub({
      pageDevices: [1],
      pageSize: 2,
      page: 1,
      pairs: pairsByDevice([
        { device_id: 1, tag_id: 15 },
        { device_id: 2, tag_id: 12 },
        { device_id: 2, tag_id: 99 },
      ]),
      actDevices: [3],
    });
    expect(streamedTags(s, TAGS, 1, true)).toEqual([13, 14, 15]);
    expect(streamedTags(s, TAGS, 2, true)).toEqual([12]);
    expect(streamedTags(s, TAGS, 3, true)).toEqual([]);
    // A page past the tags: acts only (what ACTS_ONLY_PAGE used to fake).
    expect(streamedTags({ ...s, page: 9 }, TAGS, 1, true)).toEqual([15]);
    // Without the monitor permission nothing is streamed.
    expect(streamedTags(s, TAGS, 1, false)).toEqual([]);
  });

  it('a change keeps the fields it leaves out', () => {
    const s = sub({ pageDevices: [1], pageSize: 5, page: 2 });
    expect(changed(s, { page: 3 })).toMatchObject({ pageDevices: [1], pageSize: 5, page: 3 });
    expect(changed(s, { pageDevices: [], actDevices: [7] })).toMatchObject({ pageSize: 5, actDevices: [7] });
  });

  it(`refuses more than ${LiveLimits.devicesPerSocketMax} devices in all`, () => {
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    const pairs = pairsByDevice(ids(100, 10).map((d) => ({ device_id: d, tag_id: 1 })));
    expect(tooManyDevices({ pageDevices: ids(1, 40), pairs, actDevices: ids(1, 40) })).toBeNull();
    expect(tooManyDevices({ pageDevices: ids(1, 40), pairs, actDevices: [200] })).toBe(
      `at most ${LiveLimits.devicesPerSocketMax} devices`,
    );
  });
});
