import { describe, expect, it } from 'vitest';
import {
  alarmCategoryOf,
  AlarmLevel,
  AlarmMessageFilter,
  AlarmRecordState,
  AlarmType,
  alarmTypesInMask,
  alarmTypesOf,
} from './alarm.constants.ts';

describe('alarm constants', () => {
  it('levels are bit values 1..16', () => {
    expect(Object.values(AlarmLevel)).toEqual([1, 2, 4, 8, 16]);
  });

  it('record states and message filter', () => {
    expect(AlarmRecordState).toEqual({ Alarm: 1, Response: 2, Recovery: 4 });
    expect(AlarmMessageFilter).toEqual({ All: 0, Alarm: 1, Response: 2, Recovery: 4 });
  });

  it.each([
    [AlarmType.HighHigh, 1, 'limit'],
    [AlarmType.High, 2, 'limit'],
    [AlarmType.LowLow, 4, 'limit'],
    [AlarmType.Low, 8, 'limit'],
    [AlarmType.LargeDeviation, 16, 'deviation'],
    [AlarmType.SmallDeviation, 32, 'deviation'],
    [AlarmType.On, 128, 'onoff'],
    [AlarmType.Off, 256, 'onoff'],
  ])('type %i (flag %i) is %s', (type, flag, category) => {
    expect(type).toBe(flag);
    expect(alarmCategoryOf(type)).toBe(category);
  });

  it.each([0, 3, 64, 512, -1])('no category for %i', (flag) => {
    expect(alarmCategoryOf(flag)).toBeUndefined();
  });

  it.each([
    ['limit', [1, 2, 4, 8]],
    ['deviation', [16, 32]],
    ['onoff', [128, 256]],
  ] as const)('types of %s', (category, flags) => {
    expect(alarmTypesOf(category)).toEqual(flags);
  });

  it('decodes a mask, ignoring unknown bits', () => {
    expect(alarmTypesInMask(1 | 32 | 64 | 256)).toEqual([1, 32, 256]);
    expect(alarmTypesInMask(0)).toEqual([]);
  });
});
