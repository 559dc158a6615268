import { useMemo } from 'react';
import { Empty, Skeleton, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupPickTree, toggleGroup, type GroupPickNode, type PickGroup } from './data-selection.ts';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  groups: readonly PickGroup[] | undefined;
  error: unknown;
  value: readonly number[];
  onChange(groups: number[]): void;
  readOnly: boolean;
}

/**
 * The device groups granted: a checked group grants its subgroups (shown checked and disabled,
 * "included via parent") and every device in them.
 */
export function GroupPicker({ groups, error, value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  const tree = useMemo(() => groupPickTree(groups ?? [], value, readOnly), [groups, value, readOnly]);
  if (error) return <PickerFailure error={error} />;
  if (!groups) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (groups.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.noGroups')} />;
  return (
    <Tree<GroupPickNode>
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={tree.nodes}
      checkedKeys={{ checked: tree.checked, halfChecked: [] }}
      onCheck={(_keys, info) => onChange(toggleGroup(value, Number(info.node.key), info.checked, groups))}
      titleRender={(node) => (
        <span data-testid={`role-group-${node.key}`}>
          {node.title}
          {node.viaParent ? (
            <Typography.Text type="secondary" className="role-note-inline">
              {t('data.viaParent')}
            </Typography.Text>
          ) : null}
        </span>
      )}
      className="role-group-tree"
    />
  );
}
