import { describe, expect, it } from 'vitest';
import { coveringGroups, groupPickTree, toggleGroup, withIds, type PickGroup } from './data-selection.ts';

// plant(1) > line(2) > cell(3); plant(1) > store(4); office(5)
const groups: PickGroup[] = [
  { id: 1, parent_id: null, name: 'plant' },
  { id: 2, parent_id: 1, name: 'line' },
  { id: 3, parent_id: 2, name: 'cell' },
  { id: 4, parent_id: 1, name: 'store' },
  { id: 5, parent_id: null, name: 'office' },
];

describe('the device selection kept across pages', () => {
  it('adds and removes the rows of one page without touching the others', () => {
    const page1 = withIds(new Set(), [1, 2, 3], true);
    const page2 = withIds(page1, [21, 22], true);
    expect([...page2].sort((a, b) => a - b)).toEqual([1, 2, 3, 21, 22]);
    // Unselecting a whole page keeps the other page's devices.
    expect([...withIds(page2, [21, 22], false)]).toEqual([1, 2, 3]);
  });

  it('never changes the set it was given', () => {
    const before = new Set([7]);
    withIds(before, [8], true);
    withIds(before, [7], false);
    expect([...before]).toEqual([7]);
  });

  it('handles a selection of 10,000 devices', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const all = withIds(new Set(), ids, true);
    expect(all.size).toBe(10_000);
    expect(withIds(all, [5000], false).has(5000)).toBe(false);
  });
});

describe('groups granted through a parent', () => {
  it('maps every group to the selected group that grants it', () => {
    const cover = coveringGroups(groups, [1]);
    expect([...cover.entries()].sort()).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(coveringGroups(groups, [2, 5]).get(3)).toBe(2);
  });

  it('survives a parent cycle in the data', () => {
    const cyclic: PickGroup[] = [
      { id: 1, parent_id: 2, name: 'a' },
      { id: 2, parent_id: 1, name: 'b' },
    ];
    expect(coveringGroups(cyclic, [3]).size).toBe(0);
    expect(coveringGroups(cyclic, [1]).get(2)).toBe(1);
  });

  it('checking a group drops its selected subgroups; unchecking removes only it', () => {
    expect(toggleGroup([3, 5], 1, true, groups)).toEqual([5, 1]);
    expect(toggleGroup([1, 5], 1, false, groups)).toEqual([5]);
  });

  it('shows the subgroups of a checked group checked and disabled, "via parent"', () => {
    const { nodes, checked } = groupPickTree(groups, [2]);
    expect(checked.sort()).toEqual([2, 3]);
    const plant = nodes[0]!;
    const line = plant.children[0]!;
    const cell = line.children[0]!;
    expect([plant.viaParent, line.viaParent, cell.viaParent]).toEqual([false, false, true]);
    expect(line.disabled).toBeUndefined();
    expect(cell.disabled).toBe(true);
    expect(nodes.map((n) => n.title)).toEqual(['plant', 'office']);
  });

  it('read-only disables every group', () => {
    const { nodes } = groupPickTree(groups, [], true);
    expect(nodes.every((n) => n.disabled)).toBe(true);
  });
});
