import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlarmRecord } from '@hmi/domain';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { messageKeys } from '../message/index.ts';
import type { LiveSocketStatus } from '../live/index.ts';
import { ALARM_QUERY_ROOT, reactTo } from './notify-reactions.ts';
import { createNotifySocket } from './notify-socket.ts';

export interface NotifyHandlers {
  /** A critical alarm was raised on a device the user may see. */
  onCritical(record: AlarmRecord): void;
  /** A later event of an alarm (acknowledged, recovered, raised again). */
  onUpdate(record: AlarmRecord): void;
}

/**
 * The user's access changed: the user info first (menu, buttons, and the page guard leading away
 * from a page no longer allowed), then, once the screen has followed, every query.
 */
async function refreshAccess(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await queryClient.invalidateQueries();
}

/**
 * The session's notify socket, open while the signed-in frame is mounted: frames invalidate
 * the queries they concern (badge counts, message lists, alarm screens) and report alarms to
 * the handlers. After a reconnection counts, lists and alarm screens refresh, since frames
 * sent while the socket was down are lost. Returns the socket's status (for tests and diagnostics).
 */
export function useNotifySocket(handlers: NotifyHandlers): LiveSocketStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveSocketStatus>('connecting');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    let opened = false;
    const socket = createNotifySocket({
      onStatus: (s) => {
        setStatus(s);
        if (s !== 'open') return;
        // The first open follows the guard's fresh counts; a reopen may have missed frames.
        if (opened) {
          for (const queryKey of [sessionKeys.messageCounts, messageKeys.all, ALARM_QUERY_ROOT])
            void queryClient.invalidateQueries({ queryKey });
        }
        opened = true;
      },
      onMessage: (event) => {
        const reaction = reactTo(event);
        if (reaction.everything) void refreshAccess(queryClient);
        for (const queryKey of reaction.invalidate) void queryClient.invalidateQueries({ queryKey });
        if (reaction.banner) handlersRef.current.onCritical(reaction.banner);
        if (reaction.update) handlersRef.current.onUpdate(reaction.update);
      },
    });
    socket.open();
    return () => socket.close();
  }, [queryClient]);

  return status;
}
