import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceApi } from './device.api.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';
import { groupKeys } from '../device-group/index.ts';
import { labelKeys } from '../label/index.ts';
import { templateKeys } from '../template/index.ts';

/**
 * Every device change refreshes the device queries, and the counts other screens show (devices
 * per group, per label, per template).
 */
function useInvalidateDevices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: labelKeys.all }),
      queryClient.invalidateQueries({ queryKey: templateKeys.all }),
    ]);
}

export function useBindDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.bind, onSuccess: invalidate });
}

export function useEditDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.edit, onSuccess: invalidate });
}

export function useMoveDevices() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.move, onSuccess: invalidate });
}

export function useSetDeviceLabels() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.labels, onSuccess: invalidate });
}

export function useAssignTemplate() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.template, onSuccess: invalidate });
}

export function useUnbindDevices() {
  const invalidate = useInvalidateDevices();
  return useMutation({ mutationFn: deviceApi.unbind, onSuccess: invalidate });
}
