import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { messageParamsToSearch, parseMessageParams, type MessageListParams } from './message-params.ts';

type Change = { [K in keyof MessageListParams]?: MessageListParams[K] | undefined };

/** A message list's state in the URL; a change other than the page goes back to page 1. */
export function useMessageParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseMessageParams(search), [search]);
  const update = useCallback(
    (change: Change) => {
      const next = { ...params, ...change } as MessageListParams;
      for (const k of Object.keys(change) as (keyof MessageListParams)[]) {
        if (change[k] === undefined) delete next[k];
      }
      if (!('page' in change)) next.page = 1;
      setSearch(messageParamsToSearch(next), { replace: true });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}
