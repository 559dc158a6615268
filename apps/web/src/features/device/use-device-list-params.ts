import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listParamsToSearch, parseListParams, type DeviceListParams } from './device-list-params.ts';

type Change = { [K in keyof DeviceListParams]?: DeviceListParams[K] | undefined };

/** The device list's state in the URL; a change other than the page goes back to page 1. */
export function useDeviceListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search), [search]);
  const update = useCallback(
    (change: Change) => {
      const next = { ...params, ...change } as DeviceListParams;
      for (const k of Object.keys(change) as (keyof DeviceListParams)[]) {
        if (change[k] === undefined) delete next[k];
      }
      if (!('page' in change)) next.page = 1;
      setSearch(listParamsToSearch(next), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
