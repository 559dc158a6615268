import { describe, expect, it } from 'vitest';
import {
  applyFormat,
  applyTransform,
  displayedNumber,
  engineeringBounds,
  formatValue,
  inverseTransform,
  NO_VALUE,
  toNumber,
} from './format-value.ts';

describe('toNumber', () => {
  it.each([
    [12, 12],
    [-0.5, -0.5],
    ['42', 42],
    [' 3.5 ', 3.5],
    [true, 1],
    [false, 0],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%j -> %j', (v, n) => expect(toNumber(v)).toBe(n));
});

describe('transform', () => {
  const t = { scale: 0.1, offset: -40 };
  it('applies scale then offset, without float noise', () => {
    expect(applyTransform(653, t)).toBe(25.3);
    expect(applyTransform(3, { scale: 0.1 })).toBe(0.3);
    expect(applyTransform(7)).toBe(7);
    expect(applyTransform(7, { offset: 2 })).toBe(9);
  });
  it('inverts what it applies, for any engineering value an input may take', () => {
    for (const raw of [0, 1, 653, 1234, -17]) expect(inverseTransform(applyTransform(raw, t), t)).toBe(raw);
    expect(inverseTransform(25.3, t)).toBe(653);
    expect(inverseTransform(5, { scale: 0 })).toBe(5);
    expect(inverseTransform(5)).toBe(5);
  });
  it('converts raw bounds, swapping them under a negative scale', () => {
    expect(engineeringBounds(0, 1000, t)).toEqual({ min: -40, max: 60 });
    expect(engineeringBounds(0, 10, { scale: -2 })).toEqual({ min: -20, max: 0 });
    expect(engineeringBounds(undefined, 10, { scale: -2 })).toEqual({ min: -20 });
    expect(engineeringBounds(undefined, undefined, t)).toEqual({});
  });
  it('gives the engineering number of numeric values only', () => {
    expect(displayedNumber('653', t)).toBe(25.3);
    expect(displayedNumber('RUN', t)).toBeNull();
    expect(displayedNumber(null, t)).toBeNull();
  });
});

describe('formatValue', () => {
  it('shows nothing as an em dash', () => {
    expect(formatValue(null)).toBe(NO_VALUE);
    expect(formatValue(undefined, { format: '{value} °C' })).toBe(NO_VALUE);
  });
  it('takes the transform decimals over the display decimals, and its format over the unit', () => {
    const t = { scale: 0.1, offset: -40, format: '{value} °C', decimals: 1 };
    expect(formatValue(653, t, { decimals: 3, unit: 'K' })).toBe('25.3 °C');
    expect(formatValue(653, { scale: 0.1 }, { decimals: 3, unit: 'K' })).toBe('65.300 K');
    expect(formatValue(2.5, undefined, { decimals: 0 })).toBe('3');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
  });
  it('does not show a negative zero', () => {
    expect(formatValue(-0.001, { decimals: 2 })).toBe('0.00');
    expect(formatValue(-0.001, undefined, { decimals: 0 })).toBe('0');
    expect(formatValue(-0.5, { decimals: 1 })).toBe('-0.5');
  });
  it('shows text as it is, in the format', () => {
    expect(formatValue('AUTO')).toBe('AUTO');
    expect(formatValue('AUTO', { scale: 2, format: 'mode: {value}' })).toBe('mode: AUTO');
  });
  it('keeps 64-bit integers that a double cannot hold exactly', () => {
    expect(formatValue('18446744073709551615')).toBe('18446744073709551615');
    expect(formatValue('18446744073709551615', { format: '{value} pcs' })).toBe('18446744073709551615 pcs');
    // Through a transform it is a number (precision is the transform's price).
    expect(formatValue('18446744073709551615', { scale: 1, offset: 1, decimals: 0 })).toBe(
      '18446744073709551616',
    );
  });
  it('places the value at each {value}, or before a format without one', () => {
    expect(applyFormat('5', '{value}/{value}')).toBe('5/5');
    expect(applyFormat('5', 'bar')).toBe('5 bar');
    expect(applyFormat('5')).toBe('5');
  });
});
