import { AuthPaths, MessagePaths, notifyEvent, type NotifyEvent } from '@hmi/domain';
import { http } from '../../app/http/http.ts';
import { storage } from '../../app/storage/storage.ts';
import { sessionSocketHooks, sessionSocketUrl } from '../live/live-connection.ts';
import { LiveSocket, type LiveSocketOptions } from '../live/live-socket.ts';

/**
 * Reconnect timing of the notify socket. Unlike a screen's device socket (4 tries 30 s apart)
 * it is open for the whole session, so it never gives up: 1 s, 2 s, 4 s ... up to 60 s between
 * tries, each spread by +-20 % so that a restarted server is not met by every console at once.
 */
export const NotifyReconnect = { firstMs: 1_000, maxMs: 60_000, jitter: 0.2 } as const;

/** Wait before reconnect attempt `attempt` (1, 2, ...); `random` in [0, 1). */
export function notifyReconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(NotifyReconnect.maxMs, NotifyReconnect.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 - NotifyReconnect.jitter + 2 * NotifyReconnect.jitter * random()));
}

/** A notify frame, or undefined for anything else (ignored). */
export function parseNotifyEvent(json: unknown): NotifyEvent | undefined {
  const parsed = notifyEvent.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export type NotifySocketOptions = Pick<LiveSocketOptions<NotifyEvent>, 'onMessage' | 'onStatus'> &
  Partial<Pick<LiveSocketOptions<NotifyEvent>, 'createSocket' | 'onTokenError' | 'beforeReconnect'>>;

/**
 * The notify socket of the session (/v1/ws/notify?token=): the device data socket's client
 * (ping every 10 s, 10 s connect timeout, 4001 signs out through the same path) with this
 * socket's frames and an endless backoff. Before each reconnect a quiet signed-in call
 * refreshes an expired access token; it is `manual` so a server that is down for a while does
 * not toast a network error at every try.
 */
export function createNotifySocket(options: NotifySocketOptions): LiveSocket<NotifyEvent> {
  return new LiveSocket<NotifyEvent>({
    ...sessionSocketHooks,
    beforeReconnect: async () => {
      await http.get(AuthPaths.userInfo, { manual: true });
    },
    ...options,
    url: () => sessionSocketUrl(MessagePaths.socket, { token: storage.token() ?? '' }),
    parse: parseNotifyEvent,
    reconnectDelayMs: (attempt) => notifyReconnectDelay(attempt),
    settings: { maxReconnects: Number.POSITIVE_INFINITY },
  });
}
