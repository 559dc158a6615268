import { describe, expect, it } from 'vitest';
import type { GroupItem } from '@hmi/domain';
import { findGroup, groupOptions, groupTreeData, subtreeDeviceCount } from './group-tree-data.ts';

const g = (id: number, parent_id: number | null, name: string, device_count = 0): GroupItem => ({
  id,
  parent_id,
  name,
  device_count,
  created_at: 0,
});

// Plant A > Line 1 > Cell 9, Plant A > Line 2, Plant B; 99's parent is missing (an orphan root).
const flat = [
  g(1, null, 'Plant A', 1),
  g(2, 1, 'Line 1', 2),
  g(3, 2, 'Cell 9', 4),
  g(4, 1, 'Line 2', 8),
  g(5, null, 'Plant B'),
  g(99, 42, 'Orphan', 16),
];

describe('group tree data', () => {
  const { tree, paths } = groupTreeData(flat);

  it('builds the tree with orphans as roots and indexes each path', () => {
    expect(tree.map((n) => n.name)).toEqual(['Plant A', 'Plant B', 'Orphan']);
    expect(paths.get('3')).toEqual(['Plant A', 'Line 1', 'Cell 9']);
  });

  it('counts the devices of a group and all its subgroups', () => {
    expect(subtreeDeviceCount(findGroup(tree, 1)!)).toBe(15);
    expect(subtreeDeviceCount(findGroup(tree, 2)!)).toBe(6);
    expect(findGroup(tree, 1000)).toBeUndefined();
  });

  it('disables a group and its whole subtree as a move target', () => {
    const options = groupOptions(tree, 2);
    const plantA = options[0]!;
    expect(plantA.disabled).toBeUndefined();
    const line1 = plantA.children.find((o) => o.value === 2)!;
    expect(line1.disabled).toBe(true);
    expect(line1.children[0]!.disabled).toBe(true);
    expect(plantA.children.find((o) => o.value === 4)!.disabled).toBeUndefined();
  });
});
