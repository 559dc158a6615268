import { useMemo } from 'react';
import {
  menuFor,
  menuPaths,
  MenuPath,
  startPath,
  type MenuNode,
  type Region,
  type UserProfile,
} from '@hmi/domain';
import { sessionRegion } from '../../shared/session/session-region.ts';
import { useUserInfo } from '../../shared/session/use-user-info.ts';
import { implementedPaths } from './shell-pages.ts';

/** Keeps the menu leaves whose screens exist, and the sections that still have one. */
function implementedOnly(nodes: readonly MenuNode[], implemented: ReadonlySet<string>): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (!node.children) return implemented.has(node.path) ? [node] : [];
    const children = implementedOnly(node.children, implemented);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export interface ShellMenu {
  menu: MenuNode[];
  start: string;
  region: Region;
  /** Billing messages: main user or permitted users, and in cn only with bindType 2. */
  showBillingMessages: boolean;
}

/**
 * The start page among the screens that exist: SPEC section 2 (dashboard, else control panel,
 * else the personal centre). The device overview stood in for the two boards until they were
 * built; now that they are, a user with neither permission starts on the profile, as SPEC says.
 */
export function shellStart(menu: readonly MenuNode[]): string {
  return startPath(menu);
}

/**
 * The signed-in menu of a profile in a region: the domain tree filtered by permissions, region
 * and the screens that exist. Billing messages count in the header only where their page is in
 * that menu: not before billing is built, and never where the region hides it (cn).
 */
export function shellMenuFor(
  profile: Pick<UserProfile, 'permissions' | 'is_main'> & Partial<Pick<UserProfile, 'billing'>>,
  region: Region,
  implemented: ReadonlySet<string> = implementedPaths,
): ShellMenu {
  const full = menuFor({
    permissions: profile.permissions,
    isMain: profile.is_main,
    region,
    bindType: undefined,
    billing: profile.billing,
  });
  const menu = implementedOnly(full, implemented);
  return {
    menu,
    start: shellStart(menu),
    region,
    showBillingMessages: menuPaths(menu).includes(MenuPath.MsgBilling),
  };
}

const MENU_PAGES: ReadonlySet<string> = new Set(Object.values(MenuPath));

/**
 * Whether the page at `pathname` may show: a menu page only when it is in the user's menu (its
 * permission withdrawn while it was open, e.g. by an `access` frame, leads to the start page
 * instead of a page of failing calls); pages outside the menu guard themselves.
 */
export function pageAllowed(pathname: string, menu: readonly MenuNode[]): boolean {
  return !MENU_PAGES.has(pathname) || menuPaths(menu).includes(pathname);
}

/** The signed-in menu of the session's user (undefined until the profile is loaded). */
export function useShellMenu(): ShellMenu | undefined {
  const { data: profile } = useUserInfo();
  return useMemo(() => (profile ? shellMenuFor(profile, sessionRegion(profile)) : undefined), [profile]);
}
