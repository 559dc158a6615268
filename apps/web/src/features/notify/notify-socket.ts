import { AuthPaths, MessagePaths, notifyEvent, type NotifyEvent } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { isCancelled } from '../../shared/http/http-errors.ts';
import { storage } from '../../shared/storage/storage.ts';
import { sessionSocketHooks, sessionSocketUrl, LiveSocket, type LiveSocketOptions } from '../live/index.ts';

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

/** A quiet signed-in call: the HTTP client refreshes an expired token, or ends the session itself. */
const quietUserInfo = async () => {
  await http.get(AuthPaths.userInfo, { manual: true });
};

export interface NotifySocketOptions
  extends
    Pick<LiveSocketOptions<NotifyEvent>, 'onMessage' | 'onStatus'>,
    Partial<Pick<LiveSocketOptions<NotifyEvent>, 'createSocket' | 'beforeReconnect'>> {
  /** One signed-in call; resolves while the session lives. Default: getUserInfo, manual. */
  verifySession?(): Promise<void>;
  /** Ends the session. Default: the device data socket's token-error sign-out. */
  signOut?(): void;
}

/**
 * The notify socket of the session (/v1/ws/notify?token=): the device data socket's client
 * (ping every 10 s, 10 s connect timeout) with this socket's frames and an endless backoff.
 * Before each reconnect a quiet signed-in call refreshes an expired access token; it is
 * `manual` so a server that is down for a while does not toast a network error at every try.
 *
 * A token error close (4001) goes through the HTTP client first: when the session really
 * ended, its own rules sign out with the right reason (1055 for a closed account, else the
 * invalid-or-expired-token message) and nothing more happens here; when the call succeeds
 * (the token had just expired) the socket connects again. A second 4001 within a minute, or a
 * failure the client did not handle, signs out through the device data socket's path.
 */
export class NotifySocket extends LiveSocket<NotifyEvent> {
  private ownerClosed = false;
  private lastVerifiedAt = Number.NEGATIVE_INFINITY;

  constructor(options: NotifySocketOptions) {
    const { verifySession = quietUserInfo, signOut = sessionSocketHooks.onTokenError, ...rest } = options;
    super({
      beforeReconnect: quietUserInfo,
      ...rest,
      url: () => sessionSocketUrl(MessagePaths.socket, { token: storage.token() ?? '' }),
      parse: parseNotifyEvent,
      reconnectDelayMs: (attempt) => notifyReconnectDelay(attempt),
      settings: { maxReconnects: Number.POSITIVE_INFINITY },
      onTokenError: () => {
        const now = Date.now();
        if (!storage.token()) return; // signed out already: nothing to verify or end
        if (now - this.lastVerifiedAt < NotifyReconnect.maxMs) return signOut();
        this.lastVerifiedAt = now;
        verifySession().then(
          () => {
            if (!this.ownerClosed) super.open();
          },
          (err: unknown) => {
            // The HTTP client may have ended the session itself (1055): its reason stays.
            if (!isCancelled(err) && storage.token()) signOut();
          },
        );
      },
    });
  }

  override open(): void {
    this.ownerClosed = false;
    super.open();
  }

  override close(): void {
    this.ownerClosed = true;
    super.close();
  }
}

/** The session's notify socket (see NotifySocket). */
export function createNotifySocket(options: NotifySocketOptions): NotifySocket {
  return new NotifySocket(options);
}
