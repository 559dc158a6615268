import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveDeviceStates, type LiveTunnelStatus } from '../live/index.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';

/**
 * Refreshes the device list and the overview as soon as the device data socket reports that a
 * device on screen went online or offline or changed its sync state (`act` messages), so the
 * list's filters and sort stay the server's. Polling remains as a slow fallback.
 */
export function useLiveDeviceRefresh(deviceIds: readonly number[]): ReadonlyMap<number, LiveTunnelStatus> {
  const client = useQueryClient();
  const { online, sync, tunnel } = useLiveDeviceStates(deviceIds);
  useEffect(() => {
    if (online.size === 0 && sync.size === 0) return;
    void client.invalidateQueries({ queryKey: deviceKeys.lists });
    void client.invalidateQueries({ queryKey: deviceKeys.overview });
  }, [client, online, sync]);
  // Tunnel statuses (act 'tunnel') go straight to the remote column; the list stays as it is.
  return tunnel;
}
