import { useCallback, useEffect, useRef, useState } from 'react';
import { Limits, type LiveActMessage } from '@hmi/domain';
import { createLiveSocket } from './live-connection.ts';
import type { LiveSocket, LiveSocketStatus } from './live-socket.ts';
import { LiveValueStore } from './live-value-store.ts';

/** The socket's state, plus gatherTimeout: closed after 5 minutes without data (SPEC section 4). */
export type LiveDeviceStatus = LiveSocketStatus | 'gatherTimeout';

export interface LiveDeviceState {
  status: LiveDeviceStatus;
  /** Reconnect attempt under way (1-4) while reconnecting. */
  attempt: number;
  /** Latest values; cells read them with useLiveValue. */
  values: LiveValueStore;
  /** From `act` messages; undefined until one came. */
  online: number | undefined;
  syncState: number | undefined;
  /** Opens the socket again (after gatherTimeout or failed). */
  reconnect(): void;
}

/**
 * The live values of one device's tags on one page (page index and size as the table shows
 * them), its online and sync changes, and every `act` to `onAct` (write results). The socket is
 * closed with status gatherTimeout when no data came for `inactivityMs` (300 s).
 */
export function useLiveDevice(
  deviceId: number | undefined,
  page: number,
  pageSize: number,
  onAct?: (act: LiveActMessage) => void,
  inactivityMs: number = Limits.monitorInactivityMs,
): LiveDeviceState {
  const [status, setStatus] = useState<LiveDeviceStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const [values] = useState(() => new LiveValueStore());
  const [online, setOnline] = useState<number>();
  const [syncState, setSyncState] = useState<number>();
  const socketRef = useRef<LiveSocket | null>(null);
  const actRef = useRef(onAct);
  const pageRef = useRef({ page, pageSize });
  const idleRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    actRef.current = onAct;
  }, [onAct]);

  useEffect(() => {
    if (deviceId === undefined) return;
    const armIdle = () => {
      if (idleRef.current) clearTimeout(idleRef.current);
      idleRef.current = setTimeout(() => {
        socket.close();
        setStatus('gatherTimeout');
      }, inactivityMs);
    };
    const socket = createLiveSocket({
      page: pageRef.current.page,
      onStatus: (s, n) => {
        setStatus(s);
        setAttempt(n);
        if (s === 'open') armIdle();
      },
      onMessage: (m) => {
        if (m.type === 'data') {
          armIdle();
          values.put(
            m.items.filter((item) => item.device_id === deviceId),
            Date.now(),
          );
        } else if (m.type === 'act' && m.device_id === deviceId) {
          if (m.act === 'online') setOnline(1);
          else if (m.act === 'offline') setOnline(0);
          else if (m.online !== undefined) setOnline(m.online);
          if (m.sync_state !== undefined) setSyncState(m.sync_state);
          actRef.current?.(m);
        }
      },
    });
    socketRef.current = socket;
    socket.subscribe({
      type: 'subscribe',
      device_ids: [deviceId],
      page_size: pageRef.current.pageSize,
      page: pageRef.current.page,
    });
    socket.open();
    return () => {
      if (idleRef.current) clearTimeout(idleRef.current);
      socket.close();
      socketRef.current = null;
    };
  }, [deviceId, inactivityMs, generation, values]);

  // Page changes travel on the open socket.
  useEffect(() => {
    const before = pageRef.current;
    pageRef.current = { page, pageSize };
    const socket = socketRef.current;
    if (!socket || deviceId === undefined) return;
    if (before.pageSize !== pageSize) {
      socket.subscribe({ type: 'subscribe', device_ids: [deviceId], page_size: pageSize, page });
    } else if (before.page !== page) {
      socket.switchPage(page);
    }
  }, [deviceId, page, pageSize]);

  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);
  return { status, attempt, values, online, syncState, reconnect };
}
