import { useMemo } from 'react';
import { Skeleton, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissionTree } from './use-roles.ts';
import {
  applyPermissionCheck,
  checkedKeysOf,
  permissionTreeData,
  treePermissionIds,
  type PermissionNode,
} from './permission-tree.ts';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  value: readonly number[];
  onChange(ids: number[]): void;
  readOnly: boolean;
}

/** Menus and operations: the region's permission groups, checking a group checks its permissions. */
export function PermissionTree({ value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  const tree = usePermissionTree();
  const nodes = useMemo(
    () =>
      tree.data ? permissionTreeData(tree.data, (key, fallback) => t(key, { defaultValue: fallback })) : [],
    [tree.data, t],
  );
  if (tree.isError) return <PickerFailure error={tree.error} />;
  if (!tree.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = tree.data;
  const offered = treePermissionIds(data);
  const held = value.filter((id) => offered.has(id)).length;
  return (
    <>
      <Typography.Text type="secondary" className="role-perm-count">
        {t('permissions.count', { count: held, total: offered.size })}
      </Typography.Text>
      <Tree<PermissionNode>
        checkable
        selectable={false}
        defaultExpandAll
        disabled={readOnly}
        treeData={nodes}
        checkedKeys={checkedKeysOf(value, data)}
        onCheck={(checked) =>
          onChange(applyPermissionCheck(value, Array.isArray(checked) ? checked : checked.checked, data))
        }
        titleRender={(node) =>
          node.permId !== undefined ? (
            <span data-testid={`role-perm-${node.permId}`}>{node.title}</span>
          ) : (
            <span className="role-perm-group">{node.title}</span>
          )
        }
        className="role-perm-tree"
      />
    </>
  );
}
