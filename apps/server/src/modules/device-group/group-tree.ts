import type { DeviceGroup } from '../../db/tables/device-organisation.ts';

/** A group of a team's tree, as paths and subtrees need it. */
export type GroupRecordRow = Pick<DeviceGroup, 'id' | 'parent_id' | 'name'>;

/** The ids of `rootId` and every group below it. */
export function subtreeIds(
  groups: readonly Pick<GroupRecordRow, 'id' | 'parent_id'>[],
  rootId: number,
): number[] {
  const children = new Map<number, number[]>();
  for (const g of groups) {
    if (g.parent_id === null || g.parent_id === g.id) continue;
    const list = children.get(g.parent_id);
    if (list) list.push(g.id);
    else children.set(g.parent_id, [g.id]);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
