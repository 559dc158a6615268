import { API_BASE, LivePaths, StringErrorCode } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { isCancelled } from '../../shared/http/http-errors.ts';
import { sessionEvents } from '../../shared/http/session-events.ts';
import { storage } from '../../shared/storage/storage.ts';
import { fetchUserInfo } from '../../shared/session/user-info.api.ts';
import { LiveSocket, type LiveSocketOptions } from './live-socket.ts';

/** ws(s)://<regional host or this origin>, no trailing slash: where the session's sockets live. */
export function sessionSocketBase(host = storage.host()): string {
  return (host || window.location.origin).replace(/^http/, 'ws').replace(/\/+$/, '');
}

/** ws(s)://<regional host or this origin>/v1<path>?<query> (a browser socket of the session). */
export function sessionSocketUrl(path: string, query: Record<string, string>, host = storage.host()): string {
  return `${sessionSocketBase(host)}${API_BASE}${path}?${new URLSearchParams(query).toString()}`;
}

/** ws(s)://<regional host or this origin>/v1/ws/device?token=...&page=N */
export function liveSocketUrl(token: string, page: number, host = storage.host()): string {
  return sessionSocketUrl(LivePaths.socket, { token, page: String(page) }, host);
}

/**
 * What binds a socket to the session: a token error signs out through the shell's session
 * events (login with the invalid-or-expired-token message), and before each reconnect one
 * signed-in call lets the HTTP client refresh an expired access token, so a long-open screen
 * does not reconnect with a dead one.
 */
export const sessionSocketHooks: Pick<LiveSocketOptions, 'onTokenError' | 'beforeReconnect'> = {
  onTokenError: () => {
    // Signed out already (the HTTP client ended the session, e.g. 1055): keep its reason.
    if (!storage.token()) return;
    http.cancelAll();
    storage.clearSession();
    sessionEvents.emitSignedOut(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
  },
  beforeReconnect: async () => {
    await fetchUserInfo();
  },
};

/** A second token error within this long of a session check signs out (no loop of retries). */
const TOKEN_RECHECK_MS = 60_000;

/**
 * A device data socket bound to the session (the stored token in its address, see
 * sessionSocketHooks). A token error (4001) first checks the session once: an access token that
 * expired just before the socket connected (a screen opened after the token's lifetime) is
 * refreshed by that call and the socket connects again; only a second 4001 soon after, or a
 * failed check, signs out. The notify socket does the same (notify-socket.ts).
 */
class SessionLiveSocket extends LiveSocket {
  private lastCheckedAt = -Infinity;
  private ownerClosed = false;

  constructor(options: Pick<LiveSocketOptions, 'onMessage' | 'onStatus'> & { page?: number }) {
    super({
      ...options,
      url: () => liveSocketUrl(storage.token() ?? '', options.page ?? 0),
      ...sessionSocketHooks,
      onTokenError: () => {
        if (!storage.token()) return; // signed out already: keep that reason
        const now = Date.now();
        if (now - this.lastCheckedAt < TOKEN_RECHECK_MS) return sessionSocketHooks.onTokenError();
        this.lastCheckedAt = now;
        fetchUserInfo().then(
          () => {
            if (!this.ownerClosed) super.open();
          },
          (err: unknown) => {
            if (!isCancelled(err) && storage.token()) sessionSocketHooks.onTokenError();
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

/** A share viewer of /scada (no session): its token, and what to do when the link ends. */
export interface LiveShareViewer {
  token: string;
  /** The server closed the socket for the token (4001): the link was revoked or expired. */
  onEnded(): void;
}

let shareViewer: LiveShareViewer | null = null;

/**
 * Makes the tab's device data socket carry a share viewer's token (`share=<token>` in its query,
 * a browser cannot set a socket's headers) instead of the session's, and report a token error
 * to the viewer instead of signing out (null: the session again). Set before the first screen
 * subscribes: it applies to the sockets made after it.
 */
export function setLiveShareViewer(viewer: LiveShareViewer | null): void {
  shareViewer = viewer;
}

export function createLiveSocket(
  options: Pick<LiveSocketOptions, 'onMessage' | 'onStatus'> & { page?: number },
): LiveSocket {
  const viewer = shareViewer;
  if (!viewer) return new SessionLiveSocket(options);
  return new LiveSocket({
    ...options,
    url: () => sessionSocketUrl(LivePaths.socket, { share: viewer.token, page: String(options.page ?? 0) }),
    onTokenError: () => viewer.onEnded(),
  });
}
