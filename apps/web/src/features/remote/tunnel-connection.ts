import type RFB from '@novnc/novnc/lib/rfb';
import { sessionSocketBase } from '../live/index.ts';

/** The noVNC client class (its instance type is `RfbClient`). */
export type RfbClass = typeof RFB;
export type RfbClient = InstanceType<RfbClass>;

/**
 * noVNC, fetched when a remote screen first opens: it lands in the remote route's chunk (or one
 * of its own), never in the console's entry.
 */
export const loadRfb = (): Promise<RfbClass> => import('@novnc/novnc').then((m) => m.default);

/** The browser end of a session's tunnel: `${ws base of the regional host}${ws_path}`. */
export const tunnelSocketUrl = (wsPath: string, host?: string): string =>
  `${sessionSocketBase(host)}${wsPath.startsWith('/') ? wsPath : `/${wsPath}`}`;

/**
 * Opens the tunnel's WebSocket (raw RFB bytes as binary frames). The screen keeps the socket to
 * read its close code and reason (4000 + end reason, 4001 bad token) and hands it to noVNC.
 */
export function openTunnelSocket(url: string): WebSocket {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  return socket;
}
