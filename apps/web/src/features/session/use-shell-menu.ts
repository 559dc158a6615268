import { useMemo } from 'react';
import {
  isRegion,
  menuFor,
  menuPaths,
  MenuPath,
  startPath,
  type MenuNode,
  type Region,
  type UserProfile,
} from '@hmi/domain';
import { storage } from '../../app/storage/storage.ts';
import { StorageKey } from '../../app/storage/storage-keys.ts';
import { implementedPaths } from '../../app/router/shell-pages.ts';
import { useUserInfo } from './use-user-info.ts';

/** The region the session works in: the one of the login reply, else the first of the profile. */
export function sessionRegion(profile?: UserProfile): Region {
  const stored = storage.get(StorageKey.CURRENTREGION);
  if (isRegion(stored)) return stored;
  const first = profile?.data_center.split(',')[0]?.trim();
  return isRegion(first) ? first : 'cn';
}

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
 * The signed-in menu of a profile in a region: the domain tree filtered by permissions, region
 * and the screens that exist. Billing messages count in the header only where their page is in
 * that menu: not before billing is built, and never where the region hides it (cn).
 */
export function shellMenuFor(
  profile: Pick<UserProfile, 'permissions' | 'is_main'>,
  region: Region,
  implemented: ReadonlySet<string> = implementedPaths,
): ShellMenu {
  const full = menuFor({
    permissions: profile.permissions,
    isMain: profile.is_main,
    region,
    bindType: undefined,
  });
  const menu = implementedOnly(full, implemented);
  return {
    menu,
    start: startPath(menu),
    region,
    showBillingMessages: menuPaths(menu).includes(MenuPath.MsgBilling),
  };
}

/** The signed-in menu of the session's user (undefined until the profile is loaded). */
export function useShellMenu(): ShellMenu | undefined {
  const { data: profile } = useUserInfo();
  return useMemo(() => (profile ? shellMenuFor(profile, sessionRegion(profile)) : undefined), [profile]);
}
