import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { durationParts, formatValue, timeAxisLabels, utcLabel } from './history-format.ts';

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

describe('values of extreme magnitude', () => {
  it.each([
    [3.4028234663852886e38, 0, '3.402823e38'],
    [3.4028234663852886e38, 2, '3.402823e38'],
    [-2.1999999999999997e38, 0, '-2.2e38'],
    [-1.5e20, 0, '-150000000000000000000'],
    [2 ** 53 + 2, 0, '9007199254740994'],
    [1.5e-9, 0, '1.5e-9'],
    [-2.25e-7, 0, '-2.25e-7'],
    [0.0004, 0, '4e-4'],
    [0.0004, 2, '0.00'],
    [0, 2, '0.00'],
    [1e12, 2, '1000000000000.00'],
    [1234567.891, 0, '1234567.891'],
  ])('%d with %i decimals -> %s', (v, decimals, text) => {
    expect(formatValue(v, decimals)).toBe(text);
  });
});

describe('time axis labels', () => {
  const at = (s: string) => dayjs(s).valueOf();

  it('24-hour clock, the date under the first tick and where the day changes', () => {
    const ticks = ['2026-03-01 22:00', '2026-03-01 23:00', '2026-03-02 00:00', '2026-03-02 01:00'].map(at);
    expect(timeAxisLabels(ticks, 3600_000)).toEqual([
      '22:00\n2026-03-01',
      '23:00',
      '00:00\n2026-03-02',
      '01:00',
    ]);
  });

  it('seconds and milliseconds when the step needs them; dates alone for days', () => {
    expect(timeAxisLabels([at('2026-03-01 13:05:10'), at('2026-03-01 13:05:20')], 10_000)).toEqual([
      '13:05:10\n2026-03-01',
      '13:05:20',
    ]);
    expect(timeAxisLabels([at('2026-03-01 13:05:10.250')], 250)).toEqual(['13:05:10.250\n2026-03-01']);
    expect(timeAxisLabels([at('2026-03-01'), at('2026-03-02')], 86_400_000)).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
