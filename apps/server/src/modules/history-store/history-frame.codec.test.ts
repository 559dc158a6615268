import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFrame,
  eachFrameValue,
  encodeFrame,
  encodeFrameBinary,
  encodeFrameBytes,
  tagsetOf,
} from './history-frame.codec.ts';

/*
 * The stored form of history frames: every value reads back exactly (doubles bit for bit,
 * 64-bit integers beyond 2^53 as their digits, any string), and the tag set hash never changes
 * (it is part of stored keys).
 */

/** A value as ingest stores it: a number, null, a STRING, or exact 64-bit text with its nearest double. */
const storedValue = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => ({ num: n === 0 ? 0 : n, txt: null })),
  fc.integer().map((n) => ({ num: n, txt: null })),
  fc.constant({ num: null, txt: null }),
  fc.string({ unit: 'binary' }).map((s) => ({ num: null, txt: s })),
  fc
    .bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n })
    .filter((n) => n > 2n ** 53n || n < -(2n ** 53n))
    .map((n) => ({ num: Number(n), txt: n.toString() })),
);

const frameValues = fc
  .uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 80 })
  .chain((ids) =>
    fc.array(storedValue, { minLength: ids.length, maxLength: ids.length }).map((values) => ({
      ids: [...ids].sort((a, b) => a - b),
      nums: values.map((v) => v.num),
      txts: values.map((v) => v.txt),
    })),
  );

describe('history frame codec', () => {
  it('reads back every value exactly', () => {
    fc.assert(
      fc.property(frameValues, (v) => {
        const data = encodeFrame(v);
        expect(decodeFrame(data)).toEqual(v);
        // Plain ASCII whatever the strings hold (PostgreSQL text takes no NUL).
        expect(data.includes(String.fromCharCode(0))).toBe(false);
      }),
    );
  });

  it('reads back the BLOB form exactly (SQLite), and keeps JSON text for frames with text values', () => {
    fc.assert(
      fc.property(frameValues, (v) => {
        const numeric = { ids: v.ids, nums: v.nums, txts: null };
        const data = encodeFrameBinary(numeric);
        expect(typeof data).not.toBe('string');
        expect(decodeFrame(data)).toEqual({ ...numeric, txts: v.ids.map(() => null) });
        // The same values as the JSON form gives.
        expect(decodeFrame(data)).toEqual(decodeFrame(encodeFrame(numeric)));
        const wanted = new Set(v.ids.filter((_, i) => i % 2 === 0));
        const seen: unknown[] = [];
        eachFrameValue(data, wanted, (...args) => seen.push(args));
        const expected: unknown[] = [];
        eachFrameValue(encodeFrame(numeric), wanted, (...args) => expected.push(args));
        expect(seen).toEqual(expected);
        // With any text value the frame stays JSON.
        if (v.txts.some((t) => t !== null)) expect(encodeFrameBinary(v)).toBe(encodeFrame(v));
      }),
    );
  });

  it('reads back the bytes PostgreSQL stores (bytea): the BLOB form, or the JSON text as UTF-8', () => {
    fc.assert(
      fc.property(frameValues, fc.boolean(), (v, numeric) => {
        const values = numeric ? { ids: v.ids, nums: v.nums, txts: null } : v;
        const bytes = encodeFrameBytes(values);
        expect(bytes).toBeInstanceOf(Uint8Array);
        expect(decodeFrame(bytes)).toEqual(decodeFrame(encodeFrame(values)));
        const wanted = new Set(v.ids.filter((_, i) => i % 3 === 0));
        const seen: unknown[] = [];
        eachFrameValue(bytes, wanted, (...args) => seen.push(args));
        const expected: unknown[] = [];
        eachFrameValue(encodeFrame(values), wanted, (...args) => expected.push(args));
        expect(seen).toEqual(expected);
        // A row written as text before migration 0022 reads back from its UTF-8 bytes.
        const old = Buffer.from(encodeFrame(values), 'utf8');
        expect(decodeFrame(old)).toEqual(decodeFrame(encodeFrame(values)));
        // The BLOB form for frames without a txts array (ingest's frames of numbers), else JSON.
        expect(bytes[0]).toBe(values.txts === null ? 1 : 0x5b);
      }),
    );
  });

  it('lays the BLOB form out as documented, with ids beyond 32 bits', () => {
    const data = encodeFrameBinary({ ids: [5, 300, 2 ** 40], nums: [1.5, null, -0], txts: null });
    const bytes = Buffer.from(data as Uint8Array);
    expect([...bytes.subarray(0, 8)]).toEqual([1, 3, 0, 0, 0, 0, 0, 0]);
    expect(bytes.readDoubleLE(8)).toBe(1.5);
    expect(Number.isNaN(bytes.readDoubleLE(16))).toBe(true);
    expect(Object.is(bytes.readDoubleLE(24), -0)).toBe(true);
    // 5, then 295 (two bytes), then 2^40 - 300.
    expect([...bytes.subarray(32, 35)]).toEqual([5, 0xa7, 0x02]);
    expect(decodeFrame(data).ids).toEqual([5, 300, 2 ** 40]);
    // A truncated or unknown form is an error, never wrong values.
    expect(() => decodeFrame(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/);
    expect(() => decodeFrame(Buffer.from([9, 0, 0, 0, 0, 0, 0, 0]))).toThrow(/unknown history frame form/);
  });

  it('writes a frame without text values without a txts array, and reads it back with nulls', () => {
    const data = encodeFrame({ ids: [3, 7, 9], nums: [1.5, null, -2], txts: null });
    expect(data).toBe('[3,1.5,7,null,9,-2]');
    expect(decodeFrame(data)).toEqual({ ids: [3, 7, 9], nums: [1.5, null, -2], txts: [null, null, null] });
  });

  it('tells a STRING from an exact 64-bit value', () => {
    const data = encodeFrame({
      ids: [1, 2],
      nums: [null, 18446744073709552000],
      txts: ['18446744073709551615', '18446744073709551615'],
    });
    expect(data).toBe('[1,"18446744073709551615",2,["18446744073709551615"]]');
    const seen: unknown[] = [];
    eachFrameValue(data, new Set([2]), (...args) => seen.push(args));
    expect(seen).toEqual([[2, 18446744073709552000, '18446744073709551615']]);
  });

  it('keeps the tag set hash of stored keys (a change would break redelivery dedupe)', () => {
    expect(tagsetOf([1, 2, 3])).toBe(tagsetOf([1, 2, 3]));
    expect(tagsetOf([1, 2, 3])).not.toBe(tagsetOf([1, 2]));
    expect(tagsetOf([1, 2, 3])).not.toBe(tagsetOf([3, 2, 1]));
    // Golden values: stored frames carry these.
    expect([tagsetOf([1]), tagsetOf([1, 2, 3]), tagsetOf([101, 102]), tagsetOf([2 ** 33])]).toEqual(GOLDEN);
    // 32-bit signed (PostgreSQL integer).
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9_999_999_999 })), (ids) => {
        const h = tagsetOf(ids);
        expect(Number.isInteger(h) && h >= -(2 ** 31) && h < 2 ** 31).toBe(true);
      }),
    );
  });
});

const GOLDEN = [90457223, 1315153499, 98003108, 482434286];
