export type GroupId = number | string;

/** A flat group record as stored and sent by the server. */
export type GroupRecord = {
  readonly id: GroupId;
  readonly parent_id?: GroupId | null | undefined;
  readonly name: string;
};

/** A record with its children; extra fields of the record are kept. */
export type GroupNode<R extends GroupRecord = GroupRecord> = R & { children: GroupNode<R>[] };

/** Ids are compared by their string form so 7 and '7' (JSON vs query string) are one group. */
const keyOf = (id: GroupId): string => String(id);

/**
 * Builds the group forest from flat records (SPEC section 3). A record whose parent is missing,
 * null or itself becomes a root. Siblings keep the input order. A duplicate id keeps its first
 * record. A parent cycle (bad data) is broken by making the cycle member that comes first in the
 * input a root, so every record appears exactly once.
 */
export function buildGroupTree<R extends GroupRecord>(records: readonly R[]): GroupNode<R>[] {
  const unique: R[] = [];
  const byKey = new Map<string, R>();
  for (const r of records) {
    const k = keyOf(r.id);
    if (!byKey.has(k)) {
      byKey.set(k, r);
      unique.push(r);
    }
  }
  const order = new Map(unique.map((r, i) => [keyOf(r.id), i]));

  const parentOf = new Map<string, string | null>();
  for (const r of unique) {
    const k = keyOf(r.id);
    const p = r.parent_id === null || r.parent_id === undefined ? null : keyOf(r.parent_id);
    parentOf.set(k, p !== null && p !== k && byKey.has(p) ? p : null);
  }

  const settled = new Set<string>();
  for (const r of unique) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let cur: string | null = keyOf(r.id);
    while (cur !== null && !settled.has(cur)) {
      if (onPath.has(cur)) {
        const cycle = path.slice(path.indexOf(cur));
        const first = cycle.reduce((a, b) => ((order.get(a) ?? 0) <= (order.get(b) ?? 0) ? a : b));
        parentOf.set(first, null);
        break;
      }
      onPath.add(cur);
      path.push(cur);
      cur = parentOf.get(cur) ?? null;
    }
    for (const k of path) settled.add(k);
  }

  const nodes = new Map<string, GroupNode<R>>();
  for (const r of unique) nodes.set(keyOf(r.id), { ...r, children: [] });
  const roots: GroupNode<R>[] = [];
  for (const r of unique) {
    const k = keyOf(r.id);
    const node = nodes.get(k);
    if (!node) continue;
    const p = parentOf.get(k);
    const parent = p ? nodes.get(p) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Map from every group id (string form) to the names from its root down to itself. */
export function indexGroupPaths(tree: readonly GroupNode[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (nodes: readonly GroupNode[], prefix: readonly string[]): void => {
    for (const n of nodes) {
      const path = [...prefix, n.name];
      out.set(keyOf(n.id), path);
      visit(n.children, path);
    }
  };
  visit(tree, []);
  return out;
}

/** Names from the root down to group `id`, or [] when the id is not in the tree (or map). */
export function groupPath(
  source: readonly GroupNode[] | ReadonlyMap<string, readonly string[]>,
  id: GroupId,
): string[] {
  const index = source instanceof Map ? source : indexGroupPaths(source as readonly GroupNode[]);
  return [...(index.get(keyOf(id)) ?? [])];
}

export const GROUP_PATH_SEPARATOR = ' / ';
export const GROUP_PATH_ELLIPSIS = '…';

/**
 * Group path display (SPEC section 3): the full path up to 3 levels, otherwise the first, the
 * middle and the last name. The middle is names[floor((n - 1) / 2)], the upper of the two
 * centre names when n is even (closer to the root, which users recognise more easily). An
 * ellipsis marks each place where names were left out, so a shortened path never looks whole:
 * 4 levels 'A / B / … / D', 5 levels 'A / … / C / … / E'.
 */
export function formatGroupPath(names: readonly string[], separator: string = GROUP_PATH_SEPARATOR): string {
  const n = names.length;
  if (n <= 3) return names.join(separator);
  const mid = Math.floor((n - 1) / 2);
  const parts: string[] = [names[0] ?? ''];
  if (mid > 1) parts.push(GROUP_PATH_ELLIPSIS);
  parts.push(names[mid] ?? '');
  if (mid < n - 2) parts.push(GROUP_PATH_ELLIPSIS);
  parts.push(names[n - 1] ?? '');
  return parts.join(separator);
}
