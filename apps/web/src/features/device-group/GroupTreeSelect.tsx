import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from './use-groups.ts';
import { groupOptions } from './group-tree-data.ts';

interface Props {
  value?: number | null | undefined;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  /** A group whose subtree cannot be chosen (moving a group). */
  exclude?: number;
  className?: string;
  'data-testid'?: string;
}

/** Picks one group from the team's tree (searchable; clearing means no group). */
export function GroupTreeSelect({ value, onChange, placeholder, exclude, className, ...rest }: Props) {
  const { t } = useTranslation('group');
  const { tree, isPending } = useGroups();
  const data = useMemo(() => groupOptions(tree, exclude), [tree, exclude]);
  return (
    <TreeSelect<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={data}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={isPending}
      placeholder={placeholder ?? t('select.placeholder')}
      notFoundContent={t('select.empty')}
      popupMatchSelectWidth={false}
      className={className}
      data-testid={rest['data-testid']}
    />
  );
}
