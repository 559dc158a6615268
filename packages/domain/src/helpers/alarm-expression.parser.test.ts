import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlarmType, alarmTypeFlags } from '../constants/alarm.constants.ts';
import { TagDataType } from '../constants/tag-types.constants.ts';
import { formatAlarmExpression, parseAlarmExpression } from './alarm-expression.parser.ts';

describe('parseAlarmExpression', () => {
  it.each([
    ['tag_12 HighHigh 80', 12, '80', AlarmType.HighHigh],
    ['tag_12 highhigh 80', 12, '80', AlarmType.HighHigh],
    ['TAG_1 High -1.5e3', 1, '-1.5e3', AlarmType.High],
    ['  tag_7   LowLow   0.25 ', 7, '0.25', AlarmType.LowLow],
    ['tag_7 low 3', 7, '3', AlarmType.Low],
    ['tag_7 LargeDeviation 10', 7, '10', AlarmType.LargeDeviation],
    ['tag_7 SmallDeviation 10', 7, '10', AlarmType.SmallDeviation],
    ['tag_3 On 1', 3, '1', AlarmType.On],
    ['tag_3 off 0', 3, '0', AlarmType.Off],
    ['tag_3 2 5', 3, '5', AlarmType.High],
    ['tag_3 256 0', 3, '0', AlarmType.Off],
    ['tag_9 High 18446744073709551615', 9, '18446744073709551615', AlarmType.High],
  ])('%j', (expr, tagId, alarmValue, alarmRule) => {
    expect(parseAlarmExpression(expr)).toEqual({ ok: true, value: { tagId, alarmValue, alarmRule } });
  });

  it.each([
    ['', 'validation.alarmExpression.syntax'],
    ['tag_1 High', 'validation.alarmExpression.syntax'],
    ['tag_1 High 80 extra', 'validation.alarmExpression.syntax'],
    ['tag_1 High abc', 'validation.alarmExpression.syntax'],
    ['tag_1 >= 80', 'validation.alarmExpression.rule'],
    ['tag_1 Highest 80', 'validation.alarmExpression.rule'],
    ['tag_1 3 80', 'validation.alarmExpression.rule'],
    ['tag_1 64 80', 'validation.alarmExpression.rule'],
    ['tag_0 High 80', 'validation.alarmExpression.tagId'],
    ['tag_01 High 80', 'validation.alarmExpression.tagId'],
    ['12 High 80', 'validation.alarmExpression.tagId'],
    ['tag_x High 80', 'validation.alarmExpression.tagId'],
    ['tag_99999999999999999999 High 80', 'validation.alarmExpression.tagId'],
    ['tag_3 On 0', 'validation.alarm.onOnlyOne'],
    ['tag_3 Off 1', 'validation.alarm.offOnlyZero'],
    ['tag_3 On 2', 'validation.alarm.onOffValue'],
  ])('%j -> %s', (expr, key) => {
    const r = parseAlarmExpression(expr);
    expect(r.ok ? null : r.key).toBe(key);
  });

  it('names the unknown rule', () => {
    expect(parseAlarmExpression('tag_1 >= 80')).toEqual({
      ok: false,
      key: 'validation.alarmExpression.rule',
      params: { rule: '>=' },
    });
  });

  it.each([
    ['tag_1 High 80', TagDataType.UINT16, null],
    ['tag_1 High 65536', TagDataType.UINT16, 'validation.alarm.valueRange'],
    ['tag_1 High 1.5', TagDataType.INT32, 'validation.alarm.valueRange'],
    ['tag_1 High 1.5', TagDataType.REAL, null],
    ['tag_1 High 1', TagDataType.BOOL, 'validation.alarm.limitTagType'],
    ['tag_1 LargeDeviation 1', TagDataType.STRING, 'validation.alarm.deviationTagType'],
    ['tag_1 On 1', TagDataType.BOOL, null],
    ['tag_1 On 1', TagDataType.INT16, 'validation.alarm.onOffTagType'],
    ['tag_1 High 1', 77, 'validation.alarm.unknownType'],
  ])('%j with data type %i -> %s', (expr, type, key) => {
    const r = parseAlarmExpression(expr, type);
    expect(r.ok ? null : r.key).toBe(key);
  });

  it('property: formatAlarmExpression round-trips', () => {
    const expr = fc
      .record({
        tagId: fc.integer({ min: 1, max: 2 ** 31 }),
        alarmRule: fc.constantFrom(...alarmTypeFlags),
        n: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }),
      })
      .map(({ tagId, alarmRule, n }) => {
        const onOff = alarmRule === AlarmType.On ? '1' : alarmRule === AlarmType.Off ? '0' : undefined;
        return { tagId, alarmRule, alarmValue: onOff ?? n.toString() };
      });
    fc.assert(
      fc.property(expr, (e) => {
        const r = parseAlarmExpression(formatAlarmExpression(e));
        return (
          r.ok &&
          r.value.tagId === e.tagId &&
          r.value.alarmRule === e.alarmRule &&
          r.value.alarmValue === e.alarmValue
        );
      }),
    );
  });
});
