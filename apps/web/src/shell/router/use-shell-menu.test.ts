import { menuFor, MenuPath, Perm, type MenuNode } from '@hmi/domain';
import { describe, expect, it } from 'vitest';
import { shellStart } from './use-shell-menu.ts';

/*
 * The start page: the boards first when they exist (SPEC section 2), the device overview while
 * they do not, the personal centre for someone who may see neither.
 */
const menu = (permissions: number[], isMain = false, paths?: string[]) => {
  const full = menuFor({ permissions, isMain, region: 'eu', bindType: undefined });
  if (!paths) return full;
  const keep = (nodes: readonly MenuNode[]): MenuNode[] =>
    nodes.flatMap((n): MenuNode[] =>
      n.children ? [{ ...n, children: keep(n.children) }] : paths.includes(n.path) ? [n] : [],
    );
  return keep(full);
};

describe('shellStart', () => {
  it('is the dashboard when it exists, else the control panel', () => {
    expect(shellStart(menu([], true))).toBe(MenuPath.Dashboard);
    expect(shellStart(menu([Perm.ControlPanelView]))).toBe(MenuPath.ControlPanel);
  });

  it('is the device overview while the boards are not built, for those who may see devices', () => {
    const built = [MenuPath.DeviceOverview, MenuPath.DeviceList, MenuPath.Profile];
    expect(shellStart(menu([], true, built))).toBe(MenuPath.DeviceOverview);
    expect(shellStart(menu([Perm.DeviceView], false, built))).toBe(MenuPath.DeviceOverview);
  });

  it('is the personal centre for someone who may see neither', () => {
    expect(shellStart(menu([], false, [MenuPath.DeviceOverview, MenuPath.Profile]))).toBe(MenuPath.Profile);
  });
});
