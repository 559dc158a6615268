import { describe, expect, it } from 'vitest';
import { durationParts, formatValue, utcLabel } from './history-format.ts';

describe('value and offset text', () => {
  it('shows values with the template decimals, text as is', () => {
    expect(formatValue(12.345, 1)).toBe('12.3');
    expect(formatValue(7, 0)).toBe('7');
    expect(formatValue(7, 2)).toBe('7.00');
    expect(formatValue(0.1234567, 0)).toBe('0.123');
    expect(formatValue('RCP-A')).toBe('RCP-A');
    expect(formatValue(null)).toBeNull();
  });

  it('labels offsets in hours as UTC±hh:mm', () => {
    expect(utcLabel(8)).toBe('UTC+08:00');
    expect(utcLabel(-5)).toBe('UTC-05:00');
    expect(utcLabel(5.5)).toBe('UTC+05:30');
    expect(utcLabel(0)).toBe('UTC+00:00');
  });
});

describe('bucket caption', () => {
  it('picks the largest unit that fits', () => {
    expect(durationParts(144_000)).toEqual({ count: 2.4, unit: 'min' });
    expect(durationParts(3_600_000)).toEqual({ count: 1, unit: 'h' });
    expect(durationParts(1500)).toEqual({ count: 1.5, unit: 's' });
    expect(durationParts(1)).toEqual({ count: 1, unit: 'ms' });
    expect(durationParts(2 * 86_400_000)).toEqual({ count: 2, unit: 'd' });
  });
});
