import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alarmApi, alarmKeys } from './alarm.api.ts';

/** The team's alarm groups with their rule counts. */
export function useAlarmGroups(enabled = true) {
  const query = useQuery({
    queryKey: alarmKeys.groups,
    queryFn: ({ signal }) => alarmApi.groups(signal),
    enabled,
    staleTime: 10_000,
  });
  return { ...query, list: query.data?.list ?? [] };
}

/** Create, rename and delete groups; rules show their group's name, so they refresh too. */
export function useAlarmGroupMutations() {
  const client = useQueryClient();
  const invalidate = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: alarmKeys.groups }),
      client.invalidateQueries({ queryKey: alarmKeys.rulesAll }),
    ]);
  return {
    add: useMutation({ mutationFn: (name: string) => alarmApi.addGroup(name), onSuccess: invalidate }),
    rename: useMutation({
      mutationFn: (v: { id: number; name: string }) => alarmApi.renameGroup(v.id, v.name),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: (id: number) => alarmApi.deleteGroup(id), onSuccess: invalidate }),
  };
}
