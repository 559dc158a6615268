import { describe, expect, it } from 'vitest';
import { matchesRule } from './rule-filter.ts';

const rule = {
  group_id: 3,
  group_name: 'Ovens',
  name: 'Too hot',
  tag_name: 'temperature',
  content: '{device} overheats',
};

describe('matchesRule', () => {
  it.each([
    [{}, true],
    [{ groupId: 3 }, true],
    [{ groupId: 4 }, false],
    [{ text: 'HOT' }, true],
    [{ text: ' temper ' }, true],
    [{ text: 'ovens' }, true],
    [{ text: 'overheats' }, true],
    [{ text: 'pressure' }, false],
    [{ groupId: 4, text: 'hot' }, false],
  ])('%j -> %s', (filter, ok) => {
    expect(matchesRule(rule, filter)).toBe(ok);
  });

  it('a rule with no group only passes without a group filter', () => {
    expect(matchesRule({ ...rule, group_id: null, group_name: null }, { groupId: 3 })).toBe(false);
    expect(matchesRule({ ...rule, group_id: null, group_name: null }, { text: 'hot' })).toBe(true);
  });
});
