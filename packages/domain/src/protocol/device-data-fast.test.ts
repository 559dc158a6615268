import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastDeviceData } from './device-data-fast.ts';
import { decodeDevicePayload, deviceDataSchema } from './device-payloads.ts';
import { MAX_SAMPLES_PER_MESSAGE, MAX_TAG_TEXT_LENGTH } from './payload-limits.ts';

// Values near every edge of the schema: keys, timestamps, tag values, the hist flag, array sizes.
const goodKey = fc.oneof(fc.constant('0'), fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String));
const anyKey = fc.oneof(
  goodKey,
  fc.constantFrom(
    '',
    '00',
    '01',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '12345678901',
    '9999999999',
    '__proto__',
    'ts',
    'NaN',
  ),
  fc.string({ maxLength: 4 }),
);
const goodValue = fc.oneof(
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constant('x'.repeat(MAX_TAG_TEXT_LENGTH)),
  fc.constant(null),
);
const anyValue = fc.oneof(
  goodValue,
  fc.constant('x'.repeat(MAX_TAG_TEXT_LENGTH + 1)),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 2 }),
);
const goodTs = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 31 }),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(0),
);
const anyTs = fc.oneof(
  goodTs,
  fc.constantFrom(-1, 1.5, 2 ** 53, 2 ** 60, -0, Number.NaN, '1700000000000', null, true),
  fc.double(),
);
const goodSample = fc.record(
  { ts: goodTs, v: fc.dictionary(goodKey, goodValue, { maxKeys: 8 }), hist: fc.boolean() },
  { requiredKeys: ['ts', 'v'] },
);
const anySample = fc.oneof(
  goodSample,
  fc.record(
    {
      ts: anyTs,
      v: fc.oneof(fc.dictionary(anyKey, anyValue, { maxKeys: 6 }), fc.constantFrom(null, [], 'v', 1)),
      hist: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 'true', null, undefined)),
      extra: fc.integer(),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(null, 1, 'sample', [], true),
);
const anyPayload = fc.oneof(
  anySample,
  fc.array(anySample, { maxLength: 4 }),
  fc.array(goodSample, { maxLength: 3 }),
);

describe('the data fast path equals the schema', () => {
  it('whatever it accepts, zod accepts with the same value (as given, and after a JSON round trip)', () => {
    fc.assert(
      fc.property(anyPayload, (input) => {
        for (const value of [input, JSON.parse(JSON.stringify(input) ?? 'null') as unknown]) {
          const fast = fastDeviceData(structuredClone(value));
          if (fast === undefined) continue;
          const zod = deviceDataSchema.safeParse(value);
          expect(zod.success).toBe(true);
          expect(fast).toStrictEqual(zod.data);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('takes every well-formed payload itself (the schema is not the common path)', () => {
    fc.assert(
      fc.property(fc.oneof(goodSample, fc.array(goodSample, { minLength: 1, maxLength: 4 })), (input) => {
        const value = JSON.parse(JSON.stringify(input)) as unknown;
        expect(deviceDataSchema.safeParse(value).success).toBe(true);
        expect(fastDeviceData(value)).toStrictEqual(deviceDataSchema.parse(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves the edges to the schema, which words the error', () => {
    const sample = { ts: 1, v: { '1': 1 } };
    expect(fastDeviceData([])).toBeUndefined();
    expect(fastDeviceData(new Array(MAX_SAMPLES_PER_MESSAGE + 1).fill(sample))).toBeUndefined();
    expect(fastDeviceData(new Array(MAX_SAMPLES_PER_MESSAGE).fill(sample))).toHaveLength(
      MAX_SAMPLES_PER_MESSAGE,
    );
    expect(fastDeviceData({ ts: 1, v: { '01': 1 } })).toBeUndefined();
    expect(fastDeviceData({ ts: 1, v: { '1': 'x'.repeat(MAX_TAG_TEXT_LENGTH + 1) } })).toBeUndefined();
    expect(fastDeviceData({ ts: 2 ** 53, v: {} })).toBeUndefined();
    expect(fastDeviceData({ ts: 1, v: {}, hist: 1 })).toBeUndefined();
    expect(fastDeviceData(Object.assign(Object.create({ inherited: 1 }) as object, sample))).toBeUndefined();
    const refused = decodeDevicePayload('data', '{"ts":1,"v":{"01":1}}');
    expect(refused).toEqual({
      ok: false,
      error: expect.stringMatching(/^invalid data payload: /) as unknown,
    });
  });

  it('strips unknown keys of a sample as the schema does', () => {
    expect(fastDeviceData({ ts: 5, v: { '2': true }, firmware: 'x' })).toStrictEqual({
      ts: 5,
      v: { '2': true },
    });
    expect(fastDeviceData({ ts: 5, v: {}, hist: false })).toStrictEqual({ ts: 5, v: {}, hist: false });
  });
});
