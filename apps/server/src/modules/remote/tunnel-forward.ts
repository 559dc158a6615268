import {
  API_BASE,
  ErrorCode,
  TUNNEL_BROWSER_WS_PATH,
  TUNNEL_DEVICE_WS_PATH,
  TunnelCloseCode,
} from '@hmi/domain';
import { WebSocket } from 'ws';
import type { TunnelSide } from './tunnel.ts';

/** Marks a socket one server forwards to another: it is never forwarded again. */
export const FORWARDED_HEADER = 'x-hmi-tunnel-forwarded';

/** Where a tunnel this server does not hold is held: the holder's base URL, or null (nowhere live). */
export type TunnelLocator = (tunnelId: string) => Promise<string | null>;

/** Above this many bytes queued towards one side, the other side is read no further until it drains. */
const HIGH_WATER = 1 << 20;

/**
 * Joins a tunnel socket that reached this server to the server holding the tunnel (several
 * servers behind one address: docs/architecture.md, "Scale-out: tunnels"). The socket is read no
 * further until the holder's socket opens; then each message goes across as it came, with
 * back-pressure both ways, and a close on either side closes the other with its code. The holder
 * checks the token as for any socket (this server checks nothing and learns nothing).
 */
export function forwardTunnelSocket(
  ws: WebSocket,
  holder: string,
  side: TunnelSide,
  tunnelId: string,
  token: string,
): void {
  ws.pause();
  const path = side === 'client' ? TUNNEL_BROWSER_WS_PATH : TUNNEL_DEVICE_WS_PATH;
  const target = `${holder.replace(/^http/, 'ws')}${API_BASE}${path}/${encodeURIComponent(tunnelId)}?token=${encodeURIComponent(token)}`;
  const upstream = new WebSocket(target, { headers: { [FORWARDED_HEADER]: '1' } });
  upstream.on('error', () => undefined);
  upstream.once('unexpected-response', () => {
    upstream.terminate();
    ws.close(TunnelCloseCode.BadToken, String(ErrorCode.E1002_PERMISSION_DENIED));
  });
  upstream.once('open', () => {
    relay(ws, upstream);
    relay(upstream, ws);
    ws.resume();
  });
  upstream.once('close', (code, reason) => closeWith(ws, code, reason));
  ws.once('close', (code, reason) => closeWith(upstream, code, reason));
}

function relay(from: WebSocket, to: WebSocket): void {
  from.on('message', (data, isBinary) => {
    if (to.readyState !== WebSocket.OPEN) return;
    to.send(data, { binary: isBinary }, () => {
      if (from.isPaused && to.bufferedAmount < HIGH_WATER / 2) from.resume();
    });
    if (to.bufferedAmount > HIGH_WATER) from.pause();
  });
}

/** Closes with the other side's code (codes that cannot be sent become 1001, going away). */
function closeWith(ws: WebSocket, code: number, reason: Buffer): void {
  if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) return;
  const sendable = code >= 1000 && code < 5000 && ![1004, 1005, 1006, 1015].includes(code);
  if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
  else ws.close(sendable ? code : 1001, sendable ? reason : undefined);
}
