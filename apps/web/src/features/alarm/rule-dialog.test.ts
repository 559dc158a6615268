import { describe, expect, it } from 'vitest';
import { AlarmType } from '@hmi/domain';
import { formValuesOf, type RuleFormValues } from './rule-form.ts';
import { toRuleRequest, typeChange, typeForTag } from './rule-dialog.ts';

const values = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...formValuesOf(undefined, 3),
  name: ' Oven too hot ',
  tag_id: 7,
  type: AlarmType.High,
  value: ' 80 ',
  target: '5',
  deadband: '',
  content: ' {tag} is {value} ',
  ...change,
});

describe('toRuleRequest', () => {
  it('adds a new rule to the template with the trimmed fields of its category', () => {
    expect(toRuleRequest(values(), 12, undefined)).toEqual({
      kind: 'add',
      body: {
        template_id: 12,
        group_id: 3,
        name: 'Oven too hot',
        level: values().level,
        tag_id: 7,
        type: AlarmType.High,
        value: '80',
        target: null,
        deviation: null,
        deadband: null,
        content: '{tag} is {value}',
      },
    });
  });
  it('edits a rule by its id, without the template', () => {
    const r = toRuleRequest(values({ deadband: ' 2 ' }), 12, 99);
    expect(r.kind).toBe('edit');
    expect(r.body).toMatchObject({ id: 99, name: 'Oven too hot', deadband: '2', value: '80' });
    expect(r.body).not.toHaveProperty('template_id');
  });
  it('sends the fixed value of an on/off rule whatever the field holds', () => {
    expect(toRuleRequest(values({ type: AlarmType.On, value: '7' }), 12, undefined).body.value).toBe('1');
    expect(toRuleRequest(values({ type: AlarmType.Off, value: '7' }), 12, 4).body.value).toBe('0');
  });
});

describe('typeForTag', () => {
  it('keeps the type the new tag can carry, else takes its first', () => {
    expect(typeForTag([AlarmType.High, AlarmType.Low], AlarmType.Low)).toBe(AlarmType.Low);
    expect(typeForTag([AlarmType.On, AlarmType.Off], AlarmType.Low)).toBe(AlarmType.On);
    expect(typeForTag([AlarmType.High], undefined)).toBe(AlarmType.High);
  });
});

describe('typeChange', () => {
  it('fixes the value of on/off types', () => {
    expect(typeChange(AlarmType.On, AlarmType.High)).toEqual({ type: AlarmType.On, value: '1' });
    expect(typeChange(AlarmType.Off, AlarmType.On)).toEqual({ type: AlarmType.Off, value: '0' });
  });
  it('empties the fixed value when leaving on/off, and leaves a typed value alone otherwise', () => {
    expect(typeChange(AlarmType.High, AlarmType.On)).toEqual({ type: AlarmType.High, value: '' });
    expect(typeChange(AlarmType.Low, AlarmType.High)).toEqual({ type: AlarmType.Low });
  });
});
