import { describe, expect, it } from 'vitest';
import { MenuPath, Perm } from '@hmi/domain';
import { implementedPaths } from './shell-pages.ts';
import { pageAllowed, shellMenuFor } from './use-shell-menu.ts';

const main = { permissions: [], is_main: true };
const withBilling = new Set([...implementedPaths, MenuPath.MsgBilling]);

describe('billing messages in the header', () => {
  it.each(['cn', 'in', 'eu'] as const)('are hidden in %s while billing is not built', (region) => {
    expect(shellMenuFor(main, region).showBillingMessages).toBe(false);
  });

  it('show for the main user and permitted users once their page exists, outside cn', () => {
    expect(shellMenuFor(main, 'eu', withBilling).showBillingMessages).toBe(true);
    expect(
      shellMenuFor({ permissions: [Perm.MsgBillingView], is_main: false }, 'in', withBilling)
        .showBillingMessages,
    ).toBe(true);
    expect(shellMenuFor({ permissions: [], is_main: false }, 'eu', withBilling).showBillingMessages).toBe(
      false,
    );
  });

  it('stay hidden in cn even once their page exists', () => {
    expect(shellMenuFor(main, 'cn', withBilling).showBillingMessages).toBe(false);
  });
});

describe('a sub-account’s first screen (SPEC section 2, with the screens that exist)', () => {
  const sub = (permissions: number[]) => shellMenuFor({ permissions, is_main: false }, 'eu');

  it('is the personal centre for a sub-account holding only the alarm permission (44)', () => {
    expect(sub([Perm.DeviceAlarm]).start).toBe(MenuPath.Profile);
  });

  it('is the personal centre for a sub-account without any permission', () => {
    expect(sub([]).start).toBe(MenuPath.Profile);
  });

  it('is the device overview (standing in for the boards) for a sub-account with device view (2)', () => {
    expect(sub([Perm.DeviceView]).start).toBe(MenuPath.DeviceOverview);
    expect(sub([Perm.DeviceView, Perm.DeviceAlarm, Perm.RoleView]).start).toBe(MenuPath.DeviceOverview);
  });

  it('is not the device overview for one who may see templates or groups but not devices', () => {
    expect(sub([Perm.TemplateView, Perm.GroupView]).start).toBe(MenuPath.Profile);
  });

  it('is the device overview for the main account while the boards are not built', () => {
    expect(shellMenuFor(main, 'eu').start).toBe(MenuPath.DeviceOverview);
  });
});

describe('pageAllowed (a menu page whose permission went away leads to the start page)', () => {
  const sub = (permissions: number[]) => shellMenuFor({ permissions, is_main: false }, 'eu').menu;

  it('refuses a menu page outside the user’s menu, allows those in it', () => {
    expect(pageAllowed(MenuPath.DeviceList, sub([Perm.DeviceView]))).toBe(true);
    expect(pageAllowed(MenuPath.DeviceList, sub([Perm.DeviceAlarm]))).toBe(false);
    expect(pageAllowed(MenuPath.TemplateList, sub([Perm.DeviceView]))).toBe(false);
    expect(pageAllowed(MenuPath.Profile, sub([]))).toBe(true);
  });

  it('leaves pages outside the menu to their own guards', () => {
    expect(pageAllowed('/device/monitor', sub([]))).toBe(true);
    expect(pageAllowed('/history', sub([]))).toBe(true);
  });
});
