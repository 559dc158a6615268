import { describe, expect, it } from 'vitest';
import { AlarmType } from '../constants/alarm.constants.ts';
import type { AlarmCategory } from '../constants/alarm.constants.ts';
import { TagDataType } from '../constants/tag-types.constants.ts';
import type { TagDataTypeName } from '../constants/tag-types.constants.ts';
import {
  alarmRuleFieldSchema,
  alarmTargetSchema,
  validateAlarmName,
  validateAlarmRuleField,
  validateAlarmTagType,
  validateAlarmTarget,
  validateOnOffValue,
} from './alarm-rule.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);

describe('alarm rule and target are integers', () => {
  it.each([
    ['2', null, null],
    [-5, null, null],
    ['99999999999999999999', null, null],
    ['1.5', 'validation.alarm.ruleMismatch', 'validation.alarm.targetMismatch'],
    ['x', 'validation.alarm.ruleMismatch', 'validation.alarm.targetMismatch'],
    ['', 'validation.alarm.ruleMismatch', 'validation.alarm.targetMismatch'],
    [0.1, 'validation.alarm.ruleMismatch', 'validation.alarm.targetMismatch'],
  ])('%j -> rule %s, target %s', (value, ruleKey, targetKey) => {
    expect(keyOf(validateAlarmRuleField(value))).toBe(ruleKey);
    expect(keyOf(validateAlarmTarget(value))).toBe(targetKey);
    expect(alarmRuleFieldSchema.safeParse(value).success).toBe(ruleKey === null);
    expect(alarmTargetSchema.safeParse(value).success).toBe(targetKey === null);
  });
});

describe('validateOnOffValue', () => {
  it.each([
    ['0', undefined, null],
    ['1', undefined, null],
    [1, undefined, null],
    ['2', undefined, 'validation.alarm.onOffValue'],
    ['0.5', undefined, 'validation.alarm.onOffValue'],
    ['', undefined, 'validation.alarm.onOffValue'],
    ['1', AlarmType.On, null],
    ['0', AlarmType.On, 'validation.alarm.onOnlyOne'],
    ['0', AlarmType.Off, null],
    ['1', AlarmType.Off, 'validation.alarm.offOnlyZero'],
    ['2', AlarmType.Off, 'validation.alarm.onOffValue'],
  ])('%j with type %s -> %s', (value, type, key) => {
    expect(keyOf(validateOnOffValue(value, type))).toBe(key);
  });
});

describe('validateAlarmTagType', () => {
  const cases: [AlarmCategory, TagDataTypeName, string | null][] = [];
  const allTypes = Object.keys(TagDataType) as TagDataTypeName[];
  for (const t of allTypes) {
    const numeric = t !== 'BOOL' && t !== 'STRING';
    cases.push(['limit', t, numeric ? null : 'validation.alarm.limitTagType']);
    cases.push(['deviation', t, numeric ? null : 'validation.alarm.deviationTagType']);
    cases.push(['onoff', t, t === 'BOOL' ? null : 'validation.alarm.onOffTagType']);
  }

  it.each(cases)('%s alarm on a %s tag -> %s', (category, type, key) => {
    expect(keyOf(validateAlarmTagType(category, TagDataType[type]))).toBe(key);
  });

  it('unknown tag type', () => {
    expect(keyOf(validateAlarmTagType('limit', 42))).toBe('validation.alarm.unknownType');
  });
});

describe('validateAlarmName', () => {
  it.each([
    ['High temp', [], null],
    ['', [], 'validation.alarm.nameRequired'],
    ['High temp', ['High temp'], 'validation.alarm.nameDuplicate'],
    [' High temp ', ['High temp'], 'validation.alarm.nameDuplicate'],
    ['High\u0007', [], 'validation.text.controlChars'],
    ['High\ud800', [], 'validation.text.malformed'],
  ])('%j among %j -> %s', (name, others, key) => {
    expect(keyOf(validateAlarmName(name, others))).toBe(key);
  });
});
