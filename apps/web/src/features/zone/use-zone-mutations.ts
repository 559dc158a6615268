import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zoneApi, zoneKeys } from './zone.api.ts';

/** Every zone change refreshes the zone list and the devices' zones (both under zoneKeys.all). */
function useInvalidateZones() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: zoneKeys.all });
}

export function useAddZone() {
  const invalidate = useInvalidateZones();
  return useMutation({ mutationFn: zoneApi.add, onSuccess: invalidate });
}

export function useRenameZone() {
  const invalidate = useInvalidateZones();
  return useMutation({ mutationFn: zoneApi.rename, onSuccess: invalidate });
}

export function useDeleteZone() {
  const invalidate = useInvalidateZones();
  return useMutation({ mutationFn: zoneApi.remove, onSuccess: invalidate });
}

export function useAssignZone() {
  const invalidate = useInvalidateZones();
  return useMutation({ mutationFn: zoneApi.assign, onSuccess: invalidate });
}
