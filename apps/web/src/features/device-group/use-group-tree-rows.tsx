import { useMemo } from 'react';
import { Button, Dropdown } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FolderAddOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupItem, GroupNode } from '@hmi/domain';
import { subtreeDeviceCount } from './group-tree-data.ts';

type Node = GroupNode<GroupItem>;

export interface GroupTreeRow {
  key: number;
  title: React.ReactNode;
  children: GroupTreeRow[];
}

/** What a node's menu offers. */
export type GroupNodeAction = 'add' | 'rename' | 'move' | 'delete';

interface Args {
  tree: readonly Node[];
  /** The tree search: matching nodes with their ancestors. */
  search: string;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** A node's menu item was picked. */
  onAction(action: GroupNodeAction, node: Node): void;
}

/** Keeps the nodes whose name matches, with their ancestors (tree search). */
function filterTree(nodes: readonly Node[], q: string): Node[] {
  if (!q) return [...nodes];
  const needle = q.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, q);
    return n.name.toLowerCase().includes(needle) || children.length ? [{ ...n, children }] : [];
  });
}

/** The group tree's rows: each node's name, its devices in the subtree and its menu (by rights). */
export function useGroupTreeRows({
  tree,
  search,
  canAdd,
  canEdit,
  canDelete,
  onAction,
}: Args): GroupTreeRow[] {
  const { t } = useTranslation('group');

  const nodeMenu = (n: Node) =>
    [
      ...(canAdd ? [{ key: 'add' as const, icon: <FolderAddOutlined />, label: t('addChild') }] : []),
      ...(canEdit
        ? [
            { key: 'rename' as const, icon: <EditOutlined />, label: t('rename') },
            { key: 'move' as const, icon: <DragOutlined />, label: t('move') },
          ]
        : []),
      ...(canDelete
        ? [{ key: 'delete' as const, icon: <DeleteOutlined />, label: t('delete'), danger: true }]
        : []),
    ].map((item) => ({ ...item, onClick: () => onAction(item.key, n) }));

  return useMemo(() => {
    const toRows = (nodes: readonly Node[]): GroupTreeRow[] =>
      nodes.map((n) => {
        const total = subtreeDeviceCount(n);
        const items = nodeMenu(n);
        return {
          key: n.id,
          title: (
            <span className="group-node" data-testid="group-node">
              <span className="group-node-name">{n.name}</span>
              <span className="group-node-count" title={t('devicesInTree', { count: total })}>
                {total}
              </span>
              {items.length ? (
                <span onClick={(e) => e.stopPropagation()} className="group-node-menu">
                  <Dropdown trigger={['click']} menu={{ items }}>
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={t('actions', { name: n.name })}
                      data-testid="group-node-more"
                    />
                  </Dropdown>
                </span>
              ) : null}
            </span>
          ),
          children: toRows(n.children),
        };
      });
    return toRows(filterTree(tree, search.trim()));
    // nodeMenu reads only permissions and the caller's onAction, which the other deps already cover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tree, search, t, canAdd, canEdit, canDelete]);
}
