import { buildGroupTree, indexGroupPaths, type GroupItem, type GroupNode } from '@hmi/domain';

export type GroupTree = GroupNode<GroupItem>[];

/** A node of antd's TreeSelect / Tree data. */
export interface GroupOption {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children: GroupOption[];
}

/**
 * Tree-select options from the group tree. `exclude` disables a group and its whole subtree
 * (a group cannot move under itself or one of its descendants).
 */
export function groupOptions(tree: readonly GroupNode<GroupItem>[], exclude?: number): GroupOption[] {
  const walk = (nodes: readonly GroupNode<GroupItem>[], disabled: boolean): GroupOption[] =>
    nodes.map((n) => {
      const off = disabled || n.id === exclude;
      return {
        value: n.id,
        key: n.id,
        title: n.name,
        ...(off ? { disabled: true } : {}),
        children: walk(n.children, off),
      };
    });
  return walk(tree, false);
}

/** Devices in a group and all its subgroups. */
export function subtreeDeviceCount(node: GroupNode<GroupItem>): number {
  return node.children.reduce((sum, c) => sum + subtreeDeviceCount(c), node.device_count);
}

/** The node of `id` in the tree, or undefined. */
export function findGroup(
  tree: readonly GroupNode<GroupItem>[],
  id: number,
): GroupNode<GroupItem> | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findGroup(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** Tree and path index from the flat list (orphans become roots, SPEC section 3). */
export function groupTreeData(list: readonly GroupItem[]) {
  const tree = buildGroupTree(list);
  return { tree, paths: indexGroupPaths(tree) };
}
