import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isIntegerInRange,
  parseExactInteger,
  positiveIntegerSchema,
  validatePositiveInteger,
} from './integer.validation.ts';

describe('parseExactInteger', () => {
  it.each([
    ['0', 0n],
    ['-0', 0n],
    ['+42', 42n],
    [' 7 ', 7n],
    ['007', 7n],
    ['18446744073709551616', 18446744073709551616n],
    [12, 12n],
    [-12, -12n],
    [5n, 5n],
    [Number.MAX_SAFE_INTEGER, 9007199254740991n],
    ['1.0', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['', undefined],
    ['-', undefined],
    [1.5, undefined],
    [NaN, undefined],
    [Infinity, undefined],
    [2 ** 53, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%s -> %s', (input, expected) => {
    expect(parseExactInteger(input)).toBe(expected);
  });

  it('round-trips any bigint written in decimal', () => {
    fc.assert(fc.property(fc.bigInt(), (n) => parseExactInteger(n.toString()) === n));
  });
});

describe('validatePositiveInteger', () => {
  it.each([
    [1, true],
    ['1', true],
    ['99999999999999999999', true],
    [0, false],
    ['0', false],
    [-1, false],
    [1.5, false],
    ['abc', false],
    ['', false],
  ])('%j -> %s', (input, ok) => {
    const r = validatePositiveInteger(input);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.key).toBe('validation.positiveInteger');
    expect(positiveIntegerSchema.safeParse(input).success).toBe(ok);
  });

  it('property: accepted exactly when > 0', () => {
    fc.assert(fc.property(fc.bigInt(), (n) => validatePositiveInteger(n.toString()).ok === n > 0n));
  });

  it('isIntegerInRange with open bounds', () => {
    expect(isIntegerInRange('5')).toBe(true);
    expect(isIntegerInRange('5', 6n)).toBe(false);
    expect(isIntegerInRange('5', undefined, 4n)).toBe(false);
  });
});
