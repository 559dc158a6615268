import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { groupApi, groupKeys } from './group.api.ts';
import { groupTreeData } from './group-tree-data.ts';

/** The team's device groups: the flat list, the tree and each group's path of names. */
export function useGroups(enabled = true) {
  const query = useQuery({ queryKey: groupKeys.list, queryFn: groupApi.list, enabled, staleTime: 10_000 });
  const list = query.data?.list;
  const derived = useMemo(() => groupTreeData(list ?? []), [list]);
  return { ...query, list: list ?? [], ...derived };
}
