import { API_BASE, LivePaths, StringErrorCode } from '@hmi/domain';
import { http } from '../../app/http/http.ts';
import { sessionEvents } from '../../app/http/session-events.ts';
import { storage } from '../../app/storage/storage.ts';
import { sessionApi } from '../session/session.api.ts';
import { LiveSocket, type LiveSocketOptions } from './live-socket.ts';

/** ws(s)://<regional host or this origin>/v1/ws/device?token=...&page=N */
export function liveSocketUrl(token: string, page: number, host = storage.host()): string {
  const base = (host || window.location.origin).replace(/^http/, 'ws').replace(/\/+$/, '');
  const query = new URLSearchParams({ token, page: String(page) });
  return `${base}${API_BASE}${LivePaths.socket}?${query.toString()}`;
}

/**
 * A device data socket bound to the session: the stored token in its address, a token error
 * signs out through the shell's session events (login with the invalid-or-expired-token
 * message), and before each reconnect one signed-in call lets the HTTP client refresh an
 * expired access token, so a long-open screen does not reconnect with a dead one.
 */
export function createLiveSocket(
  options: Pick<LiveSocketOptions, 'onMessage' | 'onStatus'> & { page?: number },
): LiveSocket {
  return new LiveSocket({
    ...options,
    url: () => liveSocketUrl(storage.token() ?? '', options.page ?? 0),
    onTokenError: () => {
      http.cancelAll();
      storage.clearSession();
      sessionEvents.emitSignedOut(StringErrorCode.E_INVALID_OR_EXPIRED_TOKEN);
    },
    beforeReconnect: async () => {
      await sessionApi.userInfo();
    },
  });
}
