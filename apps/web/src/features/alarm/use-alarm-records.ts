import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmRecordQuery } from '@hmi/domain';
import { alarmApi, alarmKeys } from './alarm.api.ts';

/** Fallback when the notify socket is down: the socket invalidates ['alarm'] on every event. */
export const RECORDS_REFETCH_MS = 15_000;

/** One page of alarm records for the filters. */
export function useAlarmRecords(query: AlarmRecordQuery, enabled = true) {
  return useQuery({
    queryKey: alarmKeys.records(query),
    queryFn: ({ signal }) => alarmApi.records(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RECORDS_REFETCH_MS,
    enabled,
  });
}

/** Acknowledge records; the lists and the monitor's alarm status refresh. */
export function useAckAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => alarmApi.ack(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

/** 0/1 alarm status of each tag of a device (data monitor). */
export function useAlarmDeviceStatus(deviceId: number | undefined) {
  return useQuery({
    queryKey: alarmKeys.deviceStatus(deviceId ?? 0),
    queryFn: ({ signal }) => alarmApi.deviceStatus(deviceId!, signal),
    enabled: deviceId !== undefined,
    refetchInterval: RECORDS_REFETCH_MS,
    retry: false,
  });
}
