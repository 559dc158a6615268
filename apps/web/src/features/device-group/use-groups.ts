import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { groupApi, groupKeys } from './group.api.ts';
import { groupTreeData } from './group-tree-data.ts';

/**
 * The team's device groups: the flat list, the tree and each group's path of names. Asked only
 * of a user who may view groups (13): for anyone else the list stays empty, with no call.
 */
export function useGroups(enabled = true) {
  const can = usePermission();
  const query = useQuery({
    queryKey: groupKeys.list,
    queryFn: groupApi.list,
    enabled: enabled && can(Perm.GroupView),
    staleTime: 10_000,
  });
  const list = query.data?.list;
  const derived = useMemo(() => groupTreeData(list ?? []), [list]);
  return { ...query, list: list ?? [], ...derived };
}
