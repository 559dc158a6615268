import { describe, expect, it } from 'vitest';
import type { RolePermissionTree } from '@hmi/domain';
import {
  applyPermissionCheck,
  checkedKeysOf,
  groupNodeKey,
  permissionTreeData,
  permNodeKey,
} from './permission-tree.ts';

const tree: RolePermissionTree = {
  groups: [
    {
      key: 'devicelist',
      permissions: [
        { id: 2, name: 'view' },
        { id: 3, name: 'bind' },
      ],
    },
    { key: 'role', permissions: [{ id: 28, name: 'view' }] },
    { key: 'newGroup', permissions: [{ id: 99, name: 'brand-new' }] },
  ],
};

const texts: Record<string, string> = {
  'group.devicelist': 'Device list',
  'group.role': 'Roles',
  'perm.devicelist.view': 'View devices',
  'perm.devicelist.bind': 'Bind',
  'perm.role.view': 'View roles',
};
const translate = (key: string, fallback: string) => texts[key] ?? fallback;

describe('the permission tree', () => {
  it('titles groups and permissions with their translated names, else the server name', () => {
    const nodes = permissionTreeData(tree, translate);
    expect(nodes.map((n) => [n.key, n.title])).toEqual([
      ['g:devicelist', 'Device list'],
      ['g:role', 'Roles'],
      ['g:newGroup', 'newGroup'],
    ]);
    expect(nodes[0]!.children!.map((c) => [c.key, c.title, c.permId])).toEqual([
      ['p:2', 'View devices', 2],
      ['p:3', 'Bind', 3],
    ]);
    // A permission the namespace does not know shows the server's name.
    expect(nodes[2]!.children![0]!.title).toBe('brand-new');
  });

  it('checking a group grants every permission of it', () => {
    expect(applyPermissionCheck([], [groupNodeKey('devicelist')], tree)).toEqual([2, 3]);
    expect(applyPermissionCheck([28], [groupNodeKey('devicelist'), permNodeKey(28)], tree)).toEqual([
      2, 3, 28,
    ]);
  });

  it('unchecking leaves removes them; ids the tree does not offer are kept as they were', () => {
    expect(applyPermissionCheck([2, 3, 28, 45], [permNodeKey(3)], tree)).toEqual([3, 45]);
    expect(applyPermissionCheck([2, 3], [], tree)).toEqual([]);
  });

  it('shows checked only the leaves the tree offers', () => {
    expect(checkedKeysOf([2, 45, 28], tree)).toEqual(['p:2', 'p:28']);
  });
});
