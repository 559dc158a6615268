import { describe, expect, it } from 'vitest';
import { menuPaths, MenuPath, Perm } from '@hmi/domain';
import { implementedPaths } from './shell-pages.ts';
import { pageAllowed, shellMenuFor } from './use-shell-menu.ts';

const main = { permissions: [], is_main: true };
const billingPage = (menu: Parameters<typeof menuPaths>[0]) => menuPaths(menu).includes(MenuPath.MsgBilling);

describe('the billing messages page (registered in shell-pages)', () => {
  it('is registered', () => {
    expect(implementedPaths.has(MenuPath.MsgBilling)).toBe(true);
  });

  it.each(['in', 'eu'] as const)('is in the main account’s menu in %s', (region) => {
    expect(billingPage(shellMenuFor(main, region).menu)).toBe(true);
  });

  it('is offered to a sub-account with msgBilling view (23) outside cn, not to one without', () => {
    const sub = (permissions: number[]) => shellMenuFor({ permissions, is_main: false }, 'eu');
    expect(billingPage(sub([Perm.MsgBillingView]).menu)).toBe(true);
    expect(billingPage(sub([Perm.AccountView]).menu)).toBe(false);
  });

  it('is not in any menu in cn, the main account’s included', () => {
    expect(billingPage(shellMenuFor(main, 'cn').menu)).toBe(false);
    expect(billingPage(shellMenuFor({ permissions: [Perm.MsgBillingView], is_main: false }, 'cn').menu)).toBe(
      false,
    );
  });

  it('is not in any menu on a server with billing switched off, nor is My account', () => {
    const off = shellMenuFor({ ...main, billing: false }, 'eu');
    expect(billingPage(off.menu)).toBe(false);
    expect(menuPaths(off.menu).some((p) => p.startsWith('/billing'))).toBe(false);
    expect(off.showBillingMessages).toBe(false);
  });
});

describe('billing messages in the header (same rule as the page)', () => {
  it('count for the main user and permitted users outside cn', () => {
    expect(shellMenuFor(main, 'eu').showBillingMessages).toBe(true);
    expect(
      shellMenuFor({ permissions: [Perm.MsgBillingView], is_main: false }, 'in').showBillingMessages,
    ).toBe(true);
    expect(shellMenuFor({ permissions: [], is_main: false }, 'eu').showBillingMessages).toBe(false);
  });

  it('do not count in cn', () => {
    expect(shellMenuFor(main, 'cn').showBillingMessages).toBe(false);
  });

  it('do not count where the page is not registered', () => {
    const without = new Set([...implementedPaths].filter((p) => p !== MenuPath.MsgBilling));
    expect(shellMenuFor(main, 'eu', without).showBillingMessages).toBe(false);
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

  it('is the personal centre for a sub-account with device view (2) but neither board (SPEC 2)', () => {
    expect(sub([Perm.DeviceView]).start).toBe(MenuPath.Profile);
    expect(sub([Perm.DeviceView, Perm.DeviceAlarm, Perm.RoleView]).start).toBe(MenuPath.Profile);
  });

  it('is the data board for anyone with dashboard view (1), the main account included', () => {
    expect(implementedPaths.has(MenuPath.Dashboard)).toBe(true);
    expect(sub([Perm.DashboardView]).start).toBe(MenuPath.Dashboard);
    expect(sub([Perm.DashboardView, Perm.ControlPanelView, Perm.DeviceView]).start).toBe(MenuPath.Dashboard);
    expect(shellMenuFor(main, 'eu').start).toBe(MenuPath.Dashboard);
  });

  it('is the control panel without dashboard view but with controlpanel view (46), once its page exists', () => {
    const both = new Set([...implementedPaths, MenuPath.ControlPanel]);
    const start = (permissions: number[]) => shellMenuFor({ permissions, is_main: false }, 'eu', both).start;
    expect(start([Perm.ControlPanelView])).toBe(MenuPath.ControlPanel);
    expect(start([Perm.ControlPanelView, Perm.DeviceView])).toBe(MenuPath.ControlPanel);
    expect(start([Perm.DashboardView, Perm.ControlPanelView])).toBe(MenuPath.Dashboard);
    expect(start([Perm.RoleView])).toBe(MenuPath.Profile);
  });

  it('is not the device overview for one who may see templates or groups but not devices', () => {
    expect(sub([Perm.TemplateView, Perm.GroupView]).start).toBe(MenuPath.Profile);
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
