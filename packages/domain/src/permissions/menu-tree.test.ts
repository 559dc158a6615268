import { describe, expect, it } from 'vitest';
import { menuFor, MenuPath, menuPaths, menuTree, rootRedirectPath, startPath } from './menu-tree.ts';
import type { MenuContext } from './menu-tree.ts';
import { Perm } from './permission-ids.ts';

const ctx = (over: Partial<MenuContext>): MenuContext => ({
  permissions: [],
  isMain: false,
  region: 'eu',
  ...over,
});

const ALWAYS = [MenuPath.MsgAlarm, MenuPath.MsgSystem, MenuPath.Profile];

describe('menu tree', () => {
  it('covers every signed-in route of SPEC section 2 (plus our alarm routes) with its rule', () => {
    const rules = Object.fromEntries(
      menuTree.flatMap((s) => s.children ?? []).map((n) => [n.path, n.rule] as const),
    );
    expect(rules).toEqual({
      '/operations/controlpanel': 46,
      '/operations/dashboard': 1,
      '/device/deviceoverview': 2,
      '/device/devicelist': 2,
      '/device/devicegroup': 13,
      '/device/templatelist': 8,
      '/device/projectlist': 39,
      '/billing/myAccount': 17,
      '/billing/rechargeRecord': 22,
      // Alarm management: SPEC names the area without routes; ours need the alarm permission (44).
      '/alarm/alarmRules': 44,
      '/alarm/alarmRecords': 44,
      '/message/msgAlarm': 'always',
      '/message/msgBilling': 23,
      '/message/msgSystem': 'always',
      '/system/profile': 'always',
      '/system/user': 24,
      '/system/role': 28,
      '/system/safeZone': 33,
      '/system/webhooks': 49,
    });
  });

  it('title keys are unique i18n keys under menu.', () => {
    const keys = menuTree.flatMap((s) => [s.titleKey, ...(s.children ?? []).map((c) => c.titleKey)]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^menu\.[a-z]+\.[A-Za-z]+$/);
  });
});

describe('menuFor', () => {
  it.each<[string, Partial<MenuContext>, string[]]>([
    ['no permissions: only the always items', {}, ALWAYS],
    ['main account outside cn: everything', { isMain: true }, Object.values(MenuPath).slice()],
    [
      'main account in cn: no billing, no billing messages',
      { isMain: true, region: 'cn' },
      Object.values(MenuPath).filter((p) => !p.startsWith('/billing') && p !== MenuPath.MsgBilling),
    ],
    [
      'main account on a server with billing switched off: no billing, no billing messages',
      { isMain: true, billing: false },
      Object.values(MenuPath).filter((p) => !p.startsWith('/billing') && p !== MenuPath.MsgBilling),
    ],
    [
      'main account in cn with bindType 2 keeps billing messages',
      { isMain: true, region: 'cn', bindType: 2 },
      Object.values(MenuPath).filter((p) => !p.startsWith('/billing')),
    ],
    ['sub-account in cn with bindType 2 but no permission 23', { region: 'cn', bindType: 2 }, ALWAYS],
    [
      'sub-account in cn with permission 23 and bindType 2',
      { region: 'cn', bindType: 2, permissions: [Perm.MsgBillingView] },
      [MenuPath.MsgAlarm, MenuPath.MsgBilling, MenuPath.MsgSystem, MenuPath.Profile],
    ],
    [
      'sub-account in cn with billing permissions, bindType 1',
      { region: 'cn', bindType: 1, permissions: [17, 22, 23] },
      ALWAYS,
    ],
    [
      'sub-account in eu with billing permissions',
      { region: 'in', permissions: [17, 23] },
      [MenuPath.MyAccount, MenuPath.MsgAlarm, MenuPath.MsgBilling, MenuPath.MsgSystem, MenuPath.Profile],
    ],
    [
      'device viewer and role admin',
      { permissions: [2, 28] },
      [MenuPath.DeviceOverview, MenuPath.DeviceList, ...ALWAYS, MenuPath.Role],
    ],
  ])('%s', (_name, over, expected) => {
    expect(menuPaths(menuFor(ctx(over)))).toEqual(expected);
  });

  it('drops sections with no visible child and keeps section metadata', () => {
    const menu = menuFor(ctx({ permissions: [Perm.GroupView] }));
    expect(menu.map((s) => s.key)).toEqual(['device', 'message', 'system']);
    expect(menu[0]).toMatchObject({ key: 'device', path: '/device', titleKey: 'menu.device.title' });
    expect(menu[0]?.children?.map((c) => c.key)).toEqual(['devicegroup']);
  });
});

describe('startPath', () => {
  it.each<[string, number[], boolean, string]>([
    ['dashboard first', [1, 46], false, '/operations/dashboard'],
    ['control panel when no dashboard', [46], false, '/operations/controlpanel'],
    ['profile otherwise', [2, 24], false, '/system/profile'],
    ['main account', [], true, '/operations/dashboard'],
  ])('%s', (_name, permissions, isMain, expected) => {
    expect(startPath(menuFor(ctx({ permissions, isMain })))).toBe(expected);
  });

  it('profile for an empty menu', () => {
    expect(startPath([])).toBe('/system/profile');
  });
});

describe('rootRedirectPath', () => {
  it.each<[number[], boolean, string]>([
    [[], true, '/operations'],
    [[46], false, '/operations'],
    [[1], false, '/system'],
    [[], false, '/system'],
  ])('%j main=%s -> %s', (permissions, isMain, expected) => {
    expect(rootRedirectPath({ permissions, isMain })).toBe(expected);
  });
});
