import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi, billingKeys } from './billing.api.ts';

/** What an RA allocation or a month switch changes: traffic, the account's cards, the records. */
const trafficKeys = [billingKeys.trafficAll, billingKeys.myAccount, billingKeys.recordsAll] as const;

/** Every device's Remote Access traffic of a month (ra-allocate 21: POST /diacom/monthtraffic). */
export function useMonthTraffic(month: string | undefined, enabled = true) {
  return useQuery({
    queryKey: billingKeys.monthTraffic(month),
    queryFn: ({ signal }) => billingApi.monthTraffic(month, signal),
    enabled,
  });
}

/** One device's RA cards and months (myAccount view 17), or one month of it. */
export function useDeviceTraffic(deviceId: number | undefined, month?: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.deviceTraffic(deviceId ?? 0, month),
    queryFn: ({ signal }) => billingApi.deviceTraffic(deviceId ?? 0, month, signal),
    enabled: enabled && deviceId !== undefined,
  });
}

function useTrafficMutation<B, R>(fn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => fn(body),
    onSuccess: () => Promise.all(trafficKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Allocates an RA card's traffic to a device (for good). */
export const useAllocateRa = () => useTrafficMutation(billingApi.allocateRa);
/** Switches a device's month on (or a month to come off), or answers its 12G prompt. */
export const useSwitchMonth = () => useTrafficMutation(billingApi.switchMonth);
