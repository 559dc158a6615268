import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitorAddBody, MonitorBatchAddBody, MonitorEditBody, SettagBody } from '@hmi/domain';
import { monitorApi, monitorKeys } from './monitor.api.ts';

/** The device's tags with config status; asks again while a saved point waits for the device. */
export function useMonitorList(id: number | undefined) {
  return useQuery({
    queryKey: monitorKeys.list(id ?? 0),
    queryFn: ({ signal }) => monitorApi.list(id!, signal),
    enabled: id !== undefined,
    retry: false,
    refetchInterval: (q) => (q.state.data?.tags.some((t) => t.config_status === 'mismatch') ? 5_000 : false),
  });
}

function useInvalidate(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: monitorKeys.list(id) });
}

export function useMonitorMutations(id: number) {
  const invalidate = useInvalidate(id);
  return {
    add: useMutation({ mutationFn: (b: MonitorAddBody) => monitorApi.add(b), onSuccess: invalidate }),
    batchAdd: useMutation({
      mutationFn: (b: MonitorBatchAddBody) => monitorApi.batchAdd(b),
      onSuccess: invalidate,
    }),
    edit: useMutation({ mutationFn: (b: MonitorEditBody) => monitorApi.edit(b), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (ids: number[]) => monitorApi.delete(id, ids), onSuccess: invalidate }),
  };
}

export function useSettag() {
  return useMutation({ mutationFn: (b: SettagBody) => monitorApi.settag(b) });
}
