import { describe, expect, it } from 'vitest';
import { AlarmType } from '@hmi/domain';
import { conditionText } from './alarm-condition.ts';
import { levelMask, levelsOfMask } from './alarm-levels.ts';

describe('conditionText', () => {
  it.each([
    [AlarmType.HighHigh, '90', null, null, '≥ 90'],
    [AlarmType.High, '80', null, null, '≥ 80'],
    [AlarmType.LowLow, '-5.5', null, null, '≤ -5.5'],
    [AlarmType.Low, '10', null, null, '≤ 10'],
    [AlarmType.LargeDeviation, '0', '50', '5', '|v − 50| > 5'],
    [AlarmType.SmallDeviation, '0', '-20', '1.5', '|v + 20| < 1.5'],
    [AlarmType.On, '1', null, null, 'ON'],
    [AlarmType.Off, '0', null, null, 'OFF'],
  ] as const)('type %i', (type, value, target, deviation, text) => {
    expect(conditionText({ type, value, target, deviation })).toBe(text);
  });
});

describe('level masks', () => {
  it('combines and splits levels', () => {
    expect(levelMask([])).toBe(0);
    expect(levelMask([1, 8, 16])).toBe(25);
    expect(levelsOfMask(25)).toEqual([1, 8, 16]);
    expect(levelsOfMask(0)).toEqual([]);
    // Unknown bits are ignored.
    expect(levelsOfMask(64 | 2)).toEqual([2]);
  });
});
