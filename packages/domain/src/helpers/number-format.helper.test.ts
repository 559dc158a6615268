import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent } from './number-format.helper.ts';

const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const TiB = 1024 ** 4;

describe('formatBytes', () => {
  it.each([
    [0, '0.00 MB'],
    [1, '0.00 MB'],
    [512 * KiB, '0.50 MB'],
    [MiB, '1.00 MB'],
    [1.5 * MiB, '1.50 MB'],
    [1023 * MiB, '1023.00 MB'],
    [1024 * MiB - 1, '1.00 GB'], // would round to 1024.00 MB
    [GiB, '1.00 GB'],
    [1536 * MiB, '1.50 GB'],
    [12 * GiB, '12.00 GB'],
    [TiB, '1.00 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [1024 ** 7, '1024.00 EB'],
    [-1536 * MiB, '-1.50 GB'],
    [-1, '0.00 MB'],
    [NaN, '0.00 MB'],
    [Infinity, '0.00 MB'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, undefined, '0.0%'],
    [0.1234, undefined, '12.3%'],
    [1, undefined, '100.0%'],
    [1.5, undefined, '150.0%'],
    [0.5, 0, '50%'],
    [0.12345, 2, '12.35%'],
    [-0.0001, undefined, '0.0%'],
    [-0.25, undefined, '-25.0%'],
    [NaN, undefined, '0.0%'],
    [Infinity, 2, '0.00%'],
  ])('%d (digits %s) -> %s', (ratio, digits, expected) => {
    expect(digits === undefined ? formatPercent(ratio) : formatPercent(ratio, digits)).toBe(expected);
  });
});
