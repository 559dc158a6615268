import { useMutation, useQueryClient } from '@tanstack/react-query';
import { templateApi, templateKeys } from './template.api.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  // Template names and sync states show in the device list.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.lists }),
    ]);
}

export function useAddTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: templateApi.add, onSuccess: invalidate });
}

export function useCopyTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: templateApi.copy, onSuccess: invalidate });
}

export function useEditTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: templateApi.edit, onSuccess: invalidate });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({ mutationFn: templateApi.remove, onSuccess: invalidate });
}
