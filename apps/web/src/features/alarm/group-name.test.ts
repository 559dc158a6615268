import { describe, expect, it } from 'vitest';
import { checkGroupName } from './group-name.ts';

describe('checkGroupName', () => {
  it.each([
    ['Ovens', [], null],
    ['  ', [], 'alarm:group.required'],
    ['x'.repeat(33), [], 'alarm:rule.tooLong'],
    ['温'.repeat(32), [], null],
    [' Ovens ', ['Ovens'], 'errors:1085'],
    ['ovens', ['Ovens'], null],
  ])('%j among %j -> %s', (name, others, key) => {
    expect(checkGroupName(name, others)?.key ?? null).toBe(key);
  });
});
