import { describe, expect, it } from 'vitest';
import { LiveLimits } from '@hmi/domain';
import { mergeWants, samePageView, wantDevices } from './live-subscription.ts';

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('mergeWants (the tab’s one subscription)', () => {
  it('nothing wanted: no subscription', () => {
    expect(mergeWants([])).toBeNull();
    expect(mergeWants([{}, { acts: [] }])).toBeNull();
  });

  it('merges a page, pairs and acts; acts of devices already shown are not repeated', () => {
    const merged = mergeWants([
      { acts: [3, 1, 9] },
      { page: { deviceIds: [1], pageSize: 20, page: 2 } },
      {
        pairs: [
          { device_id: 5, tag_id: 7 },
          { device_id: 5, tag_id: 7 },
          { device_id: 3, tag_id: 1 },
        ],
      },
      { acts: [9, 4] },
    ]);
    expect(merged).toEqual({
      type: 'subscribe',
      device_ids: [1],
      page_size: 20,
      page: 2,
      tags: [
        { device_id: 5, tag_id: 7 },
        { device_id: 3, tag_id: 1 },
      ],
      act_device_ids: [9, 4],
    });
  });

  it('one page: the last page want sets page and size, every page want’s devices are shown', () => {
    const merged = mergeWants([
      { page: { deviceIds: [1, 2], pageSize: 10, page: 0 } },
      { page: { deviceIds: [2, 3], pageSize: 100, page: 1 } },
    ]);
    expect(merged).toMatchObject({ device_ids: [1, 2, 3], page_size: 100, page: 1 });
  });

  it('caps devices (page first, then pairs, then acts) and pairs as the server does', () => {
    const merged = mergeWants([
      { acts: ids(1000, 10) },
      { pairs: ids(500, 20).map((d) => ({ device_id: d, tag_id: 1 })) },
      { page: { deviceIds: ids(1, 40), pageSize: 20, page: 0 } },
    ])!;
    expect(merged.device_ids).toEqual(ids(1, 40));
    expect(merged.tags.map((p) => p.device_id)).toEqual(ids(500, 10));
    expect(merged.act_device_ids).toEqual([]);
    const pairs = mergeWants([
      { pairs: ids(1, LiveLimits.tagPairsMax + 10).map((t) => ({ device_id: 1, tag_id: t })) },
    ])!;
    expect(pairs.tags).toHaveLength(LiveLimits.tagPairsMax);
  });

  it('tells a page switch from a new subscription; names a want’s devices', () => {
    const a = mergeWants([{ page: { deviceIds: [1], pageSize: 20, page: 0 } }])!;
    const b = mergeWants([{ page: { deviceIds: [1], pageSize: 20, page: 3 } }])!;
    const c = mergeWants([{ page: { deviceIds: [1], pageSize: 10, page: 3 } }])!;
    expect(samePageView(a, b)).toBe(true);
    expect(samePageView(b, c)).toBe(false);
    expect([
      ...wantDevices({
        page: { deviceIds: [1], pageSize: 1, page: 0 },
        pairs: [{ device_id: 2, tag_id: 1 }],
        acts: [3],
      }),
    ]).toEqual([1, 2, 3]);
  });
});
