import { describe, expect, it } from 'vitest';
import {
  batchCountSchema,
  monitorDecimalsSchema,
  monitorLengthSchema,
  monitorNameSchema,
  stationNumberSchema,
  validateBatchCount,
  validateMonitorDecimals,
  validateMonitorLength,
  validateMonitorName,
  validateStationNumber,
} from './monitor.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('validateMonitorName', () => {
  it.each([
    ['m', [], null],
    ['m'.repeat(255), [], null],
    ['m'.repeat(256), [], 'validation.monitor.nameLength'],
    ['', [], 'validation.monitor.nameRequired'],
    ['temp', ['temp'], 'validation.monitor.nameDuplicate'],
    ['temp', ['Temp'], null],
    ['te\u001bmp', [], 'validation.text.controlChars'],
  ])('%j -> %s', (name, others, key) => {
    expect(keyOf(validateMonitorName(name, others))).toBe(key);
  });

  it('schema', () => {
    expect(monitorNameSchema.safeParse('m'.repeat(256)).error?.issues[0]).toMatchObject({
      message: 'validation.monitor.nameLength',
      params: { min: 1, max: 255 },
    });
  });
});

describe('monitor numbers', () => {
  it.each([
    [0, undefined, null],
    ['0', undefined, null],
    [100, undefined, null],
    [-1, undefined, 'validation.monitor.length'],
    [1.5, undefined, 'validation.monitor.length'],
    ['abc', undefined, 'validation.monitor.length'],
    ['', undefined, 'validation.monitor.length'],
    [null, undefined, 'validation.monitor.length'],
    [0, 1, 'validation.monitor.length'],
    [1, 1, null],
  ] as const)('length %j (min %s) -> %s', (value, min, key) => {
    const r = validateMonitorLength(value, min === undefined ? {} : { min });
    expect(keyOf(r)).toBe(key);
    if (!r.ok) expect(r.params).toEqual({ min: min ?? 0 });
  });

  it.each([
    [0, undefined, null],
    [6, undefined, null],
    [7, undefined, 'validation.monitor.decimals'],
    [-1, undefined, 'validation.monitor.decimals'],
    [7, 14, null],
    [14, 14, null],
    [15, 14, 'validation.monitor.decimals'],
    ['2.0', undefined, 'validation.monitor.decimals'],
  ] as const)('decimals %j (max %s) -> %s', (value, max, key) => {
    expect(keyOf(validateMonitorDecimals(value, max === undefined ? {} : { max }))).toBe(key);
  });

  it.each([
    [1, 'validation.monitor.batchCount'],
    [2, null],
    [100, null],
    [101, 'validation.monitor.batchCount'],
    ['50', null],
    [2.5, 'validation.monitor.batchCount'],
  ])('batch count %j -> %s', (value, key) => {
    expect(keyOf(validateBatchCount(value))).toBe(key);
  });

  it.each([
    [0, null],
    [255, null],
    ['12', null],
    [-1, 'validation.monitor.stationNumber'],
    [0.5, 'validation.monitor.stationNumber'],
    ['x', 'validation.monitor.stationNumber'],
  ])('station number %j -> %s', (value, key) => {
    expect(keyOf(validateStationNumber(value))).toBe(key);
  });

  it('schemas', () => {
    expect(monitorLengthSchema.safeParse(-1).error?.issues[0]?.message).toBe('validation.monitor.length');
    expect(monitorDecimalsSchema.safeParse('6').success).toBe(true);
    expect(batchCountSchema.safeParse(101).error?.issues[0]).toMatchObject({ params: { min: 2, max: 100 } });
    expect(stationNumberSchema.safeParse(true).error?.issues[0]?.message).toBe('validation.required');
  });
});
