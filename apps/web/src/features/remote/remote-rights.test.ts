import { describe, expect, it } from 'vitest';
import { Perm, visibleWith, type VisibilityRule } from '@hmi/domain';
import { remoteAccessOf, REMOTE_VIEW_RULE } from './remote-rights.ts';

/* SPEC section 6: devicelist hmi 6 views and operates the HMI, hmi-check 48 only views it. */
const canWith =
  (permissions: number[], isMain = false) =>
  (rule: VisibilityRule) =>
    visibleWith(rule, { permissions, isMain });

describe('remote access by permission', () => {
  it.each([
    [[Perm.DeviceView], 'none'],
    [[Perm.DeviceView, Perm.DeviceMonitor], 'none'],
    [[Perm.DeviceView, Perm.DeviceHmiCheck], 'view'],
    [[Perm.DeviceView, Perm.DeviceHmi], 'operate'],
    [[Perm.DeviceView, Perm.DeviceHmi, Perm.DeviceHmiCheck], 'operate'],
  ] as const)('%j -> %s', (perms, access) => {
    expect(remoteAccessOf(canWith([...perms]))).toBe(access);
    expect(canWith([...perms])(REMOTE_VIEW_RULE)).toBe(access !== 'none');
  });

  it('the main account operates', () => {
    expect(remoteAccessOf(canWith([], true))).toBe('operate');
  });
});
