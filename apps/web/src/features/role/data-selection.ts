import { buildGroupTree, type GroupNode } from '@hmi/domain';

/** A group as the group picker knows it. */
export interface PickGroup {
  id: number;
  parent_id: number | null;
  name: string;
}

/**
 * The selection of one page of a paged picker applied to the whole selection: `ids` (rows of the
 * page) added when `on`, removed otherwise. The selection is a set of ids kept across pages and
 * searches, never a list of every row (a team may have 10,000 devices).
 */
export function withIds(selected: ReadonlySet<number>, ids: readonly number[], on: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * For every group granted by `selected` (a selected group grants its subgroups at any depth):
 * the selected group that grants it — itself, or its nearest selected ancestor.
 */
export function coveringGroups(
  groups: readonly PickGroup[],
  selected: readonly number[],
): Map<number, number> {
  const chosen = new Set(selected);
  const parentOf = new Map(groups.map((g) => [g.id, g.parent_id]));
  const cover = new Map<number, number>();
  for (const g of groups) {
    const seen = new Set<number>();
    let cur: number | null | undefined = g.id;
    while (cur !== null && cur !== undefined && !seen.has(cur)) {
      if (chosen.has(cur)) {
        cover.set(g.id, cur);
        break;
      }
      seen.add(cur);
      cur = parentOf.get(cur);
    }
  }
  return cover;
}

/**
 * The selected groups after checking (`on`) or unchecking a group. Checking one drops its
 * selected subgroups: it grants them already (they show as included through it).
 */
export function toggleGroup(
  selected: readonly number[],
  id: number,
  on: boolean,
  groups: readonly PickGroup[],
): number[] {
  if (!on) return selected.filter((g) => g !== id);
  const below = coveringGroups(groups, [id]);
  return [...selected.filter((g) => !below.has(g)), id];
}

/** A node of the group picker's tree. */
export interface GroupPickNode {
  key: number;
  title: string;
  /** Granted through a selected group above it: shown checked, not changeable. */
  viaParent: boolean;
  disabled?: boolean;
  children: GroupPickNode[];
}

/**
 * The group picker's tree and its checked keys: the selected groups and, checked but disabled,
 * every subgroup a selected group grants. A group whose parent the caller cannot see is a root.
 */
export function groupPickTree(
  groups: readonly PickGroup[],
  selected: readonly number[],
  readOnly = false,
): { nodes: GroupPickNode[]; checked: number[] } {
  const cover = coveringGroups(groups, selected);
  const walk = (nodes: readonly GroupNode<PickGroup>[]): GroupPickNode[] =>
    nodes.map((g) => {
      const by = cover.get(g.id);
      const viaParent = by !== undefined && by !== g.id;
      return {
        key: g.id,
        title: g.name,
        viaParent,
        ...(readOnly || viaParent ? { disabled: true } : {}),
        children: walk(g.children),
      };
    });
  return { nodes: walk(buildGroupTree(groups)), checked: [...cover.keys()] };
}
