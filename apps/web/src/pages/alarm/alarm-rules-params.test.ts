import { describe, expect, it } from 'vitest';
import { otherRuleNames, positiveParam, withRulesParam } from './alarm-rules-params.ts';

describe('positiveParam', () => {
  it('reads positive whole numbers only', () => {
    expect(positiveParam('4')).toBe(4);
    for (const raw of [null, '', '0', '-1', '2.5', 'x']) expect(positiveParam(raw)).toBeUndefined();
  });
});

describe('withRulesParam', () => {
  const search = new URLSearchParams('templateid=3&group=8&other=1');
  it('sets the group and keeps the rest', () => {
    expect(withRulesParam(search, 'group', 9).toString()).toBe('templateid=3&group=9&other=1');
  });
  it('clears a parameter without a value', () => {
    expect(withRulesParam(search, 'group', undefined).toString()).toBe('templateid=3&other=1');
  });
  it('drops the group filter when the template changes', () => {
    expect(withRulesParam(search, 'templateid', 5).toString()).toBe('templateid=5&other=1');
  });
  it('leaves the given link alone', () => {
    withRulesParam(search, 'templateid', 5);
    expect(search.toString()).toBe('templateid=3&group=8&other=1');
  });
});

describe('otherRuleNames', () => {
  const rules = [
    { id: 1, name: 'Hot' },
    { id: 2, name: 'Cold' },
  ];
  it('leaves out the rule edited, keeps all for a new one', () => {
    expect(otherRuleNames(rules, 2)).toEqual(['Hot']);
    expect(otherRuleNames(rules, undefined)).toEqual(['Hot', 'Cold']);
  });
});
