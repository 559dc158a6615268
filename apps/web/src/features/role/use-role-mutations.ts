import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberGrantsApi, roleApi } from './role.api.ts';
import { memberKeys, roleKeys } from './role-keys.ts';
import type { RoleSave } from './grants.ts';

/** Roles show in the member lists (role names) and scope members' data: both refreshed. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
    ]);
}

/** Adds or edits a role (manual: the editor places the failure). */
export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (save: RoleSave) => (save.kind === 'add' ? roleApi.add(save.body) : roleApi.edit(save.body)),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: roleApi.remove, onSuccess: invalidate });
}

export function useSaveMemberGrants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: memberGrantsApi.save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
