import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labelApi, labelKeys } from './label.api.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

function useInvalidateLabels() {
  const queryClient = useQueryClient();
  // Devices show their labels by name.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: labelKeys.all }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.lists }),
    ]);
}

export function useAddLabel() {
  const invalidate = useInvalidateLabels();
  return useMutation({ mutationFn: labelApi.add, onSuccess: invalidate });
}

export function useRenameLabel() {
  const invalidate = useInvalidateLabels();
  return useMutation({ mutationFn: labelApi.rename, onSuccess: invalidate });
}

export function useDeleteLabel() {
  const invalidate = useInvalidateLabels();
  return useMutation({ mutationFn: labelApi.remove, onSuccess: invalidate });
}
