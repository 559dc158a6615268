import { useCallback, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmRecordQuery } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
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

/** Acknowledge records (with the responder's comment, if any); the lists and the monitor's alarm status refresh. */
export function useAckAlarms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, comment }: { ids: number[]; comment?: string }) => alarmApi.ack(ids, comment),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

/**
 * Acknowledging as the screens do it: the ids being acknowledged (for their buttons), a toast
 * with the count, the failure as a toast; `done` runs after a success (e.g. clear a selection).
 */
export function useAcknowledge(done?: (ids: number[]) => void) {
  const { t } = useTranslation('alarm');
  const ack = useAckAlarms();
  const [acking, setAcking] = useState<number[]>([]);
  const acknowledge = useCallback(
    (ids: number[], comment?: string) => {
      setAcking(ids);
      ack.mutate(
        { ids, ...(comment ? { comment } : {}) },
        {
          onSuccess: (r) => {
            successToast(t('record.acked', { count: r.acked }));
            done?.(ids);
          },
          onError: toastFailure,
          onSettled: () => setAcking([]),
        },
      );
    },
    [ack, t, done],
  );
  return { acknowledge, acking, pending: ack.isPending };
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
