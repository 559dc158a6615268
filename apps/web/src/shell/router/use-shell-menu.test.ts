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

  it('is the personal centre, not the device overview, for one who may see devices only (SPEC 2)', () => {
    expect(shellStart(menu([Perm.DeviceView], false))).toBe(MenuPath.Profile);
  });

  it('is the personal centre for someone who may see neither', () => {
    expect(shellStart(menu([], false, [MenuPath.DeviceOverview, MenuPath.Profile]))).toBe(MenuPath.Profile);
  });
});
