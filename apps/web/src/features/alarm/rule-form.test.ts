import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlarmLevel, AlarmType, integerTagRanges, TagDataType, type AlarmRule } from '@hmi/domain';
import {
  checkRule,
  checkRuleField,
  fieldsOfType,
  fixedOnOffValue,
  formValuesOf,
  insertAt,
  issueWhileTyping,
  toRuleInput,
  typesForDataType,
  type RuleFormValues,
} from './rule-form.ts';

const base = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...formValuesOf(undefined),
  name: 'Oven too hot',
  tag_id: 7,
  type: AlarmType.High,
  value: '80',
  ...change,
});
const keyOf = (
  field: Parameters<typeof checkRuleField>[0],
  v: RuleFormValues,
  dataType: number | undefined,
  otherNames: string[] = [],
) => checkRuleField(field, v, { dataType, otherNames })?.key ?? null;

describe('typesForDataType', () => {
  it('offers limit and deviation types on numbers, on/off on BOOL, nothing on STRING', () => {
    const numeric = [1, 2, 4, 8, 16, 32];
    for (const dt of [TagDataType.UINT16, TagDataType.INT64, TagDataType.REAL, TagDataType.LREAL])
      expect(typesForDataType(dt)).toEqual(numeric);
    expect(typesForDataType(TagDataType.BOOL)).toEqual([AlarmType.On, AlarmType.Off]);
    expect(typesForDataType(TagDataType.STRING)).toEqual([]);
    expect(typesForDataType(99)).toEqual([]);
    expect(typesForDataType(undefined)).toHaveLength(8);
  });
});

describe('fields shown by category', () => {
  it.each([
    [AlarmType.HighHigh, { value: true, target: false, deviation: false, deadband: true, fixedValue: false }],
    [AlarmType.Low, { value: true, target: false, deviation: false, deadband: true, fixedValue: false }],
    [
      AlarmType.LargeDeviation,
      { value: false, target: true, deviation: true, deadband: true, fixedValue: false },
    ],
    [AlarmType.On, { value: true, target: false, deviation: false, deadband: false, fixedValue: true }],
    [undefined, { value: false, target: false, deviation: false, deadband: false, fixedValue: false }],
  ])('type %s', (type, shown) => {
    expect(fieldsOfType(type)).toEqual(shown);
  });

  it('on/off values are fixed', () => {
    expect(fixedOnOffValue(AlarmType.On)).toBe('1');
    expect(fixedOnOffValue(AlarmType.Off)).toBe('0');
    expect(fixedOnOffValue(AlarmType.High)).toBeUndefined();
  });
});

describe('checkRuleField', () => {
  it.each<[string, Partial<RuleFormValues>, number | undefined, string | null]>([
    ['value fits INT16', { value: '32767' }, TagDataType.INT16, null],
    ['value over INT16', { value: '32768' }, TagDataType.INT16, 'validation.alarm.valueRange'],
    ['value not integer', { value: '1.5' }, TagDataType.UINT32, 'validation.alarm.valueRange'],
    ['REAL takes decimals', { value: '-2.5e3' }, TagDataType.REAL, null],
    ['REAL refuses text', { value: 'hot' }, TagDataType.REAL, 'validation.alarm.valueMismatch'],
    ['value required', { value: ' ' }, TagDataType.REAL, 'validation.required'],
    ['no tag yet: only required', { value: 'x' }, undefined, null],
    ['UINT64 max exact', { value: '18446744073709551615' }, TagDataType.UINT64, null],
    ['UINT64 max + 1', { value: '18446744073709551616' }, TagDataType.UINT64, 'validation.alarm.valueRange'],
    ['On needs 1', { type: AlarmType.On, value: '0' }, TagDataType.BOOL, 'validation.alarm.onOnlyOne'],
    ['Off needs 0', { type: AlarmType.Off, value: '1' }, TagDataType.BOOL, 'validation.alarm.offOnlyZero'],
    ['On with 1', { type: AlarmType.On, value: '1' }, TagDataType.BOOL, null],
    ['deviation rules ignore value', { type: AlarmType.LargeDeviation, value: 'x' }, TagDataType.REAL, null],
  ])('value: %s', (_name, change, dataType, key) => {
    expect(keyOf('value', base(change), dataType)).toBe(key);
  });

  it.each<[string, Partial<RuleFormValues>, number, string | null]>([
    ['integer target', { target: '50' }, TagDataType.INT16, null],
    [
      'decimal target on an integer tag',
      { target: '50.5' },
      TagDataType.INT32,
      'validation.alarm.targetMismatch',
    ],
    ['decimal target on REAL', { target: '50.5' }, TagDataType.REAL, null],
    ['text target on LREAL', { target: 'x' }, TagDataType.LREAL, 'validation.alarm.valueMismatch'],
    ['target out of range', { target: '70000' }, TagDataType.UINT16, 'validation.alarm.valueRange'],
    ['target required', { target: '' }, TagDataType.UINT16, 'validation.required'],
  ])('target: %s', (_name, change, dataType, key) => {
    expect(keyOf('target', base({ type: AlarmType.LargeDeviation, ...change }), dataType)).toBe(key);
  });

  it.each<[string, string, string | null]>([
    ['decimal deviation', '0.5', null],
    ['zero deviation', '0', null],
    ['negative deviation', '-5', 'alarm:rule.deviation'],
    ['text deviation', 'five', 'alarm:rule.deviation'],
    ['required', '', 'validation.required'],
  ])('deviation: %s', (_name, deviation, key) => {
    expect(keyOf('deviation', base({ type: AlarmType.SmallDeviation, deviation }), TagDataType.INT16)).toBe(
      key,
    );
  });

  it.each<[string, AlarmType, string | null]>([
    ['', AlarmType.High, null],
    ['0.5', AlarmType.High, null],
    ['1e2', AlarmType.LargeDeviation, null],
    ['-1', AlarmType.High, 'alarm:rule.deadband'],
    ['abc', AlarmType.Low, 'alarm:rule.deadband'],
    ['abc', AlarmType.On, null],
  ])('deadband %j on type %s -> %s', (deadband, type, key) => {
    expect(keyOf('deadband', base({ type, deadband }), TagDataType.REAL)).toBe(key);
  });

  it('type must suit the tag', () => {
    expect(keyOf('type', base({ type: AlarmType.High }), TagDataType.BOOL)).toBe(
      'validation.alarm.limitTagType',
    );
    expect(keyOf('type', base({ type: AlarmType.SmallDeviation }), TagDataType.STRING)).toBe(
      'validation.alarm.deviationTagType',
    );
    expect(keyOf('type', base({ type: AlarmType.Off }), TagDataType.INT16)).toBe(
      'validation.alarm.onOffTagType',
    );
    expect(keyOf('type', base({ type: undefined }), TagDataType.INT16)).toBe('validation.required');
  });

  it('names are required, unique in the template and at most 64 characters', () => {
    expect(keyOf('name', base({ name: '  ' }), undefined)).toBe('validation.alarm.nameRequired');
    expect(keyOf('name', base({ name: 'Hot ' }), undefined, ['Hot'])).toBe('validation.alarm.nameDuplicate');
    expect(keyOf('name', base({ name: 'x'.repeat(65) }), undefined)).toBe('alarm:rule.tooLong');
    expect(keyOf('name', base({ name: 'x'.repeat(64) }), undefined)).toBeNull();
  });

  it('tag is required, content at most 255 characters', () => {
    expect(keyOf('tag_id', base({ tag_id: undefined }), undefined)).toBe('validation.required');
    expect(keyOf('content', base({ content: 'x'.repeat(256) }), undefined)).toBe('alarm:rule.tooLong');
  });
});

describe('issueWhileTyping', () => {
  // A new rule: the user picked a tag (the value field is re-checked as its dependency).
  const fresh = { ...formValuesOf(undefined), name: 'Oven too hot', tag_id: 7, type: AlarmType.High };
  const valueIssue = checkRuleField('value', fresh, { dataType: TagDataType.INT16, otherNames: [] });

  it('an empty field the user has not reached is not "required" yet', () => {
    expect(valueIssue?.key).toBe('validation.required');
    expect(issueWhileTyping(valueIssue, { touched: false, submitting: false })).toBeUndefined();
  });

  it('is "required" once the user emptied it, or when saving', () => {
    expect(issueWhileTyping(valueIssue, { touched: true, submitting: false })).toBe(valueIssue);
    expect(issueWhileTyping(valueIssue, { touched: false, submitting: true })).toBe(valueIssue);
  });

  it('any other problem shows at once (an edited rule whose value no longer fits the new tag)', () => {
    const found = checkRuleField(
      'value',
      { ...fresh, value: '70000' },
      { dataType: TagDataType.INT16, otherNames: [] },
    );
    expect(issueWhileTyping(found, { touched: false, submitting: false })?.key).toBe(
      'validation.alarm.valueRange',
    );
  });
});

describe('integer limits (properties)', () => {
  const types = Object.keys(integerTagRanges).filter(
    (t) => t !== 'BOOL',
  ) as (keyof typeof integerTagRanges)[];
  it.each(types)('%s: a limit inside the range passes, outside fails', (type) => {
    const [min, max] = integerTagRanges[type];
    const dataType = TagDataType[type];
    fc.assert(
      fc.property(
        fc.bigInt({ min, max }),
        (n) => keyOf('value', base({ value: n.toString() }), dataType) === null,
      ),
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: max + 1n, max: max + 2n ** 66n }),
        (n) => keyOf('value', base({ value: n.toString() }), dataType) === 'validation.alarm.valueRange',
      ),
    );
  });
});

describe('checkRule and toRuleInput', () => {
  it('a good limit rule has no problems and sends only its fields', () => {
    const v = base({ target: '3', deviation: '4', deadband: ' 0.5 ', content: ' {device} {value} ' });
    expect(checkRule(v, { dataType: TagDataType.REAL, otherNames: [] })).toEqual({});
    expect(toRuleInput(v, 9)).toEqual({
      template_id: 9,
      group_id: null,
      name: 'Oven too hot',
      level: AlarmLevel.Moderate,
      tag_id: 7,
      type: AlarmType.High,
      value: '80',
      target: null,
      deviation: null,
      deadband: '0.5',
      content: '{device} {value}',
    });
  });

  it('a deviation rule sends target and deviation, an on/off rule its fixed value', () => {
    const dev = toRuleInput(base({ type: AlarmType.LargeDeviation, target: '50', deviation: '5' }), 1);
    expect(dev).toMatchObject({ value: '0', target: '50', deviation: '5', deadband: null });
    const off = toRuleInput(base({ type: AlarmType.Off, value: '', deadband: '3' }), 1);
    expect(off).toMatchObject({ value: '0', target: null, deviation: null, deadband: null });
  });

  it('collects every problem by field', () => {
    const problems = checkRule(base({ name: '', value: '99999' }), {
      dataType: TagDataType.INT16,
      otherNames: [],
    });
    expect(Object.keys(problems).sort()).toEqual(['name', 'value']);
  });

  it('a rule round-trips through the form', () => {
    const rule: AlarmRule = {
      id: 1,
      template_id: 2,
      group_id: 3,
      group_name: 'Ovens',
      name: 'Drift',
      level: 16,
      tag_id: 4,
      tag_name: 'temp',
      type: AlarmType.SmallDeviation,
      value: '0',
      target: '50',
      deviation: '2',
      deadband: null,
      content: '{tag} drifts',
      updated_at: 0,
    };
    const { id: _i, template_id: _t, group_name: _g, tag_name: _n, updated_at: _u, ...input } = rule;
    expect(toRuleInput(formValuesOf(rule), 2)).toEqual({ template_id: 2, ...input });
  });
});

describe('insertAt', () => {
  it('inserts at the caret, replaces a selection, appends without one', () => {
    expect(insertAt('ab', '{x}', 1, 1)).toBe('a{x}b');
    expect(insertAt('abcd', '{x}', 1, 3)).toBe('a{x}d');
    expect(insertAt('ab', '{x}')).toBe('ab{x}');
  });
});
