import { describe, expect, it } from 'vitest';
import { Perm } from './permission-ids.ts';
import { visibleWith } from './visibility.policy.ts';
import type { VisibilityRule } from './visibility.policy.ts';

describe('visibleWith', () => {
  it.each<[string, VisibilityRule, number[], boolean, boolean]>([
    ['always, nothing held', 'always', [], false, true],
    ['one id held', Perm.DeviceView, [2], false, true],
    ['one id not held', Perm.DeviceView, [3], false, false],
    ['list, one held', [Perm.DeviceView, Perm.GroupView], [13], false, true],
    ['list, none held', [Perm.DeviceView, Perm.GroupView], [1, 46], false, false],
    ['empty list', [], [2], false, false],
    ['main passes one id', Perm.RoleDelete, [], true, true],
    ['main passes empty list', [], [], true, true],
  ])('%s', (_name, rule, permissions, isMain, expected) => {
    expect(visibleWith(rule, { permissions, isMain })).toBe(expected);
    expect(visibleWith(rule, { permissions: new Set(permissions), isMain })).toBe(expected);
  });
});
