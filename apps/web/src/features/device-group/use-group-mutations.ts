import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupApi, groupKeys } from './group.api.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  // Group names and places show in the device list's group paths too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.lists }),
    ]);
}

export function useAddGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: groupApi.add, onSuccess: invalidate });
}

export function useRenameGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: groupApi.rename, onSuccess: invalidate });
}

export function useMoveGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: groupApi.move, onSuccess: invalidate });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: groupApi.remove, onSuccess: invalidate });
}
