interface GroupLink {
  id: number;
  parent_id: number | null;
}

/** The ids of `roots` and of every group below them (a cycle in the data cannot loop). */
export function withSubgroups(groups: readonly GroupLink[], roots: Iterable<number>): Set<number> {
  const children = new Map<number, number[]>();
  for (const g of groups) {
    if (g.parent_id === null || g.parent_id === g.id) continue;
    children.set(g.parent_id, [...(children.get(g.parent_id) ?? []), g.id]);
  }
  const known = new Set(groups.map((g) => g.id));
  const out = new Set<number>();
  const stack = [...roots].filter((id) => known.has(id));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The path of groups from the root down to `id` (ids), following parents. */
export function ancestry(groups: readonly GroupLink[], id: number): number[] {
  const parent = new Map(groups.map((g) => [g.id, g.parent_id]));
  const path: number[] = [];
  const seen = new Set<number>();
  for (
    let at: number | null | undefined = id;
    at != null && parent.has(at) && !seen.has(at);
    at = parent.get(at)
  ) {
    seen.add(at);
    path.unshift(at);
  }
  return path;
}
