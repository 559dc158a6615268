import { TagDataType, type DataSample } from '@hmi/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, tagsetOf } from '../history-store/index.ts';
import { OVER_QUOTA, type DeviceTags } from './device-tags.cache.ts';
import { buildFrames } from './frame-builder.ts';

/*
 * Device data turned into history frames: checks against the device's tags, the tag set of a
 * sample (what makes a redelivery conflict with its first copy), samples sharing a timestamp.
 */
const device = (): DeviceTags => ({
  deviceId: 7,
  teamId: 1,
  templateId: 1,
  types: new Map([
    [10, TagDataType.REAL],
    [11, TagDataType.UINT16],
    [12, TagDataType.BOOL],
    [13, TagDataType.STRING],
    [14, TagDataType.UINT64],
  ]),
});

const stored = (f: ReturnType<typeof buildFrames>['frames'][number]) => decodeFrame(encodeFrame(f));

describe('buildFrames', () => {
  it('stores the values of known tags in their stored form and counts the rest', () => {
    const built = buildFrames(device(), [
      {
        ts: 1000,
        v: { 10: 1.25, 11: 70_000, 12: true, 13: 'PET', 14: '18446744073709551615', 99: 1 },
      },
    ]);
    expect(built.unknownTag).toBe(1);
    expect(built.wrongType).toBe(1);
    expect(built.reason).toBe("tag 99: not in the device's template");
    expect(built.frames).toHaveLength(1);
    const f = built.frames[0]!;
    expect(f).toMatchObject({ deviceId: 7, ts: 1000, live: true });
    expect(stored(f)).toEqual({
      ids: [10, 12, 13, 14],
      nums: [1.25, 1, null, 18446744073709552000],
      txts: [null, null, 'PET', '18446744073709551615'],
    });
    // The tag set covers every key sent, the dropped ones too.
    expect(f.tagset).toBe(tagsetOf([10, 11, 12, 13, 14, 99]));
  });

  it('gives a sample the same tag set alone, in an array, or repeated (a redelivery conflicts)', () => {
    const sample: DataSample = { ts: 5, v: { 11: 1, 10: 2.5 } };
    const alone = buildFrames(device(), [sample]).frames;
    const repeated = buildFrames(device(), [sample, sample]).frames;
    const inArray = buildFrames(device(), [sample, { ts: 6, v: { 10: 3 } }]).frames;
    expect(alone).toHaveLength(1);
    expect(repeated).toHaveLength(1);
    expect(repeated[0]!.tagset).toBe(alone[0]!.tagset);
    expect(inArray[0]!.tagset).toBe(alone[0]!.tagset);
    expect(stored(repeated[0]!)).toEqual(stored(alone[0]!));
    // Another set of tags at the same time is another frame.
    expect(buildFrames(device(), [{ ts: 5, v: { 11: 1 } }]).frames[0]!.tagset).not.toBe(alone[0]!.tagset);
  });

  it('joins samples of one timestamp: the first value of a tag wins, live only if all are', () => {
    const [f] = buildFrames(device(), [
      { ts: 9, v: { 10: 1 } },
      { ts: 9, v: { 10: 2, 11: 3 }, hist: true },
    ]).frames;
    expect(stored(f!)).toEqual({ ids: [10, 11], nums: [1, 3], txts: [null, null] });
    expect(f!.live).toBe(false);
    expect(f!.tagset).toBe(tagsetOf([10, 11]));
  });

  it('drops everything of a device that is not bound, and stores nothing', () => {
    const built = buildFrames({ ...device(), teamId: null }, [{ ts: 1, v: { 10: 1, 11: 2 } }]);
    expect(built.frames).toEqual([]);
    expect(built.unknownTag).toBe(2);
    expect(built.reason).toBe('device not bound to a team');
  });

  it('shares the ids array between frames of the same tags, never changing it', () => {
    const d = device();
    const a = buildFrames(d, [{ ts: 1, v: { 10: 1, 11: 2 } }]).frames[0]!;
    const b = buildFrames(d, [{ ts: 2, v: { 10: 3, 11: 4 } }]).frames[0]!;
    const c = buildFrames(d, [{ ts: 3, v: { 10: 5 } }]).frames[0]!;
    const e = buildFrames(d, [{ ts: 4, v: { 10: 5, 12: 0 } }]).frames[0]!;
    expect(b.ids).toBe(a.ids);
    expect([a.ids, c.ids, e.ids]).toEqual([[10, 11], [10], [10, 12]]);
  });

  it('builds the same frames on its fast path as on the general one, sample after sample', () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 70_000 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
      fc.constantFrom(0, 1, true, false, null, 'PET', '18446744073709551615'),
    );
    // Known tags 10-14, and keys no template has.
    const sample = fc.record({
      ts: fc.integer({ min: 0, max: 20 }),
      v: fc.dictionary(fc.constantFrom('10', '11', '12', '13', '14', '99', '4294967296', '010'), value),
      hist: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 12 }), (samples) => {
        const fastDevice = device();
        const slowDevice = device();
        for (const s of samples) {
          const a = buildFrames(fastDevice, [s]);
          const b = buildFrames(slowDevice, [s], false);
          expect(a).toEqual(b);
          // The ids array is shared exactly when the general path shares it.
          expect(fastDevice.lastIds).toEqual(slowDevice.lastIds);
        }
      }),
    );
  });
  it('counts the values of tags beyond the TAG allocation, the same on both paths, in the tag set', () => {
    const quota = (): DeviceTags => ({
      ...device(),
      types: new Map([
        [10, TagDataType.REAL],
        [11, TagDataType.UINT16],
        [12, OVER_QUOTA],
        [13, OVER_QUOTA],
      ]),
    });
    const samples: DataSample[] = [{ ts: 1000, v: { 10: 1.5, 11: 2, 12: 3, 13: 4 } }];
    const fast = buildFrames(quota(), samples);
    const general = buildFrames(quota(), samples, false);
    for (const built of [fast, general]) {
      expect(built.tagQuota).toBe(2);
      expect(built.unknownTag).toBe(0);
      expect(built.reason).toBe("tag_quota: tag 13 is beyond the device's TAG allocation");
      expect(built.frames).toHaveLength(1);
      expect(built.frames[0]!.ids).toEqual([10, 11]);
      expect(built.frames[0]!.tagset).toBe(tagsetOf([10, 11, 12, 13]));
    }
    // Only tags beyond the allocation: no frame.
    const none = buildFrames(quota(), [{ ts: 2000, v: { 12: 1 } }]);
    expect(none.frames).toHaveLength(0);
    expect(none.tagQuota).toBe(1);
  });
});
