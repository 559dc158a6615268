import type { RolePermissionTree } from '@hmi/domain';

/** A node of the permission tree: a group (its permissions below) or one permission. */
export interface PermissionNode {
  key: string;
  title: string;
  /** Set on a permission (a leaf). */
  permId?: number;
  children?: PermissionNode[];
}

/** Translated text of `key` in the role namespace, `fallback` when it has none. */
export type Translate = (key: string, fallback: string) => string;

const GROUP = 'g:';
const PERM = 'p:';
export const groupNodeKey = (key: string) => `${GROUP}${key}`;
export const permNodeKey = (id: number) => `${PERM}${id}`;

/**
 * The checkable tree of the permissions a role may hold: groups titled `group.<key>`, leaves
 * titled `perm.<group>.<name>`; a text the namespace lacks falls back to the server's name.
 */
export function permissionTreeData(tree: RolePermissionTree, translate: Translate): PermissionNode[] {
  return tree.groups.map((g) => ({
    key: groupNodeKey(g.key),
    title: translate(`group.${g.key}`, g.key),
    children: g.permissions.map((p) => ({
      key: permNodeKey(p.id),
      title: translate(`perm.${g.key}.${p.name}`, p.name),
      permId: p.id,
    })),
  }));
}

/** Every permission id the tree offers. */
export function treePermissionIds(tree: RolePermissionTree): Set<number> {
  return new Set(tree.groups.flatMap((g) => g.permissions.map((p) => p.id)));
}

/** The leaves to show checked for the role's ids (the tree checks a group whose leaves all are). */
export function checkedKeysOf(ids: readonly number[], tree: RolePermissionTree): string[] {
  const offered = treePermissionIds(tree);
  return ids.filter((id) => offered.has(id)).map(permNodeKey);
}

/**
 * The role's ids after a check in the tree: a checked group stands for all its permissions; ids
 * the tree does not offer (not shown, so not changed here) are kept as they were.
 */
export function applyPermissionCheck(
  previous: readonly number[],
  checkedKeys: readonly (string | number | bigint)[],
  tree: RolePermissionTree,
): number[] {
  const offered = treePermissionIds(tree);
  const next = new Set(previous.filter((id) => !offered.has(id)));
  for (const raw of checkedKeys) {
    const key = String(raw);
    if (key.startsWith(GROUP)) {
      const group = tree.groups.find((g) => g.key === key.slice(GROUP.length));
      for (const p of group?.permissions ?? []) next.add(p.id);
    } else if (key.startsWith(PERM)) {
      const id = Number(key.slice(PERM.length));
      if (offered.has(id)) next.add(id);
    }
  }
  return [...next].sort((a, b) => a - b);
}
