import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGroupTree, formatGroupPath, groupPath, indexGroupPaths } from './group-tree.helper.ts';
import type { GroupNode, GroupRecord } from './group-tree.helper.ts';

/** Compact view of a forest: name(children...). */
const shape = (nodes: readonly GroupNode[]): string =>
  nodes.map((n) => (n.children.length ? `${n.name}(${shape(n.children)})` : n.name)).join(' ');

const g = (
  id: number | string,
  parent_id: number | string | null | undefined,
  name = `g${id}`,
): GroupRecord => ({
  id,
  parent_id,
  name,
});

describe('buildGroupTree', () => {
  it.each<[string, GroupRecord[], string]>([
    ['empty', [], ''],
    ['flat roots keep input order', [g(3, null), g(1, null), g(2, 0)], 'g3 g1 g2'],
    [
      'children under parents, siblings in input order',
      [g(1, null), g(3, 1), g(2, 1), g(4, 3)],
      'g1(g3(g4) g2)',
    ],
    ['child listed before its parent', [g(2, 1), g(1, null)], 'g1(g2)'],
    ['orphans (missing parent) become roots', [g(1, null), g(2, 99), g(3, 2)], 'g1 g2(g3)'],
    ['self parent becomes a root', [g(1, 1)], 'g1'],
    ['two-node cycle: first in input becomes root', [g(1, 2), g(2, 1)], 'g1(g2)'],
    ['three-node cycle with a tail', [g(5, 3), g(3, 4), g(4, 6), g(6, 3)], 'g3(g5 g6(g4))'],
    ['duplicate id keeps the first record', [g(1, null, 'first'), g(1, null, 'second')], 'first'],
    ['string and number ids match', [g('1', null), g(2, '1'), g('3', 2)], 'g1(g2(g3))'],
  ])('%s', (_name, records, expected) => {
    expect(shape(buildGroupTree(records))).toBe(expected);
  });

  it('keeps extra record fields', () => {
    const tree = buildGroupTree([{ id: 1, parent_id: null, name: 'a', devices: 3 }]);
    expect(tree[0]).toEqual({ id: 1, parent_id: null, name: 'a', devices: 3, children: [] });
  });

  it('property: every record appears exactly once, whatever the parent links', () => {
    const records = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 30 }),
        parent_id: fc.option(fc.integer({ min: 0, max: 30 })),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(records, (rs) => {
        const input = rs.map((r) => ({ ...r, name: `g${r.id}` }));
        const seen: (number | string)[] = [];
        const walk = (nodes: readonly GroupNode[]): void => {
          for (const n of nodes) {
            seen.push(n.id);
            walk(n.children);
          }
        };
        walk(buildGroupTree(input));
        const unique = [...new Set(input.map((r) => r.id))];
        return seen.length === unique.length && new Set(seen).size === unique.length;
      }),
    );
  });
});

describe('groupPath', () => {
  const tree = buildGroupTree([
    g(1, null, 'Plant'),
    g(2, 1, 'Hall A'),
    g(3, 2, 'Line 1'),
    g(4, 3, 'Cell 7'),
    g(5, 4, 'Robot'),
    g(6, 99, 'Lost'),
  ]);

  it.each<[number | string, string[]]>([
    [1, ['Plant']],
    [3, ['Plant', 'Hall A', 'Line 1']],
    [5, ['Plant', 'Hall A', 'Line 1', 'Cell 7', 'Robot']],
    ['5', ['Plant', 'Hall A', 'Line 1', 'Cell 7', 'Robot']],
    [6, ['Lost']],
    [42, []],
  ])('path of %j', (id, expected) => {
    expect(groupPath(tree, id)).toEqual(expected);
    expect(groupPath(indexGroupPaths(tree), id)).toEqual(expected);
  });
});

describe('formatGroupPath', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['A'], 'A'],
    [['A', 'B'], 'A / B'],
    [['A', 'B', 'C'], 'A / B / C'],
    [['A', 'B', 'C', 'D'], 'A / B / … / D'],
    [['A', 'B', 'C', 'D', 'E'], 'A / … / C / … / E'],
    [['A', 'B', 'C', 'D', 'E', 'F'], 'A / … / C / … / F'],
    [['A', 'B', 'C', 'D', 'E', 'F', 'G'], 'A / … / D / … / G'],
  ])('%j -> %j', (names, expected) => {
    expect(formatGroupPath(names)).toBe(expected);
  });

  it('custom separator', () => {
    expect(formatGroupPath(['A', 'B', 'C', 'D', 'E'], '>')).toBe('A>…>C>…>E');
  });
});
