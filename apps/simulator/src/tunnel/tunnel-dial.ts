import type { Socket } from 'node:net';
import { pipeline, type Duplex } from 'node:stream';
import WebSocket, { createWebSocketStream } from 'ws';

export type TlsOptions = { ca?: string | Buffer; rejectUnauthorized?: boolean };

export interface DialTunnelOptions {
  /** The `url` of tunnel_open (ws:// or wss://). */
  url: string;
  /** Single-use token, added as `?token=`. */
  token: string;
  /** The local TCP connection to join the WebSocket to (already connected). */
  target: Socket;
  /** Most time for the WebSocket handshake, ms. Default 10000. */
  timeoutMs?: number;
  /** Extra TLS options for wss:// (`ca`, `rejectUnauthorized`). */
  tls?: TlsOptions;
}

export interface JoinedTunnel {
  /** Resolves when both sides are closed. */
  readonly closed: Promise<void>;
  /** Bytes from the WebSocket to the socket (in) and back (out). */
  readonly bytes: { in: number; out: number };
  close(): void;
}

/** The tunnel URL with the token: `${url}?token=${token}` (appended with & if url has a query). */
export function tunnelUrl(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** An open WebSocket and its byte stream. */
export interface OpenedSocket {
  ws: WebSocket;
  stream: Duplex;
}

/**
 * Opens a binary WebSocket; rejects on a network error, a non-101 answer (its HTTP status in
 * the message) or a handshake slower than timeoutMs. The stream is made before the socket opens:
 * a message that arrives together with the handshake answer is kept, not lost.
 */
export async function openWebSocket(
  url: string,
  timeoutMs = 10_000,
  tls?: TlsOptions,
): Promise<OpenedSocket> {
  const ws = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false, ...(tls ?? {}) });
  const stream = createWebSocketStream(ws);
  const swallow = () => undefined; // the failure is reported by the rejection below
  stream.on('error', swallow);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? '?'}`)));
    });
  } catch (err) {
    stream.destroy();
    ws.terminate();
    throw err;
  }
  stream.off('error', swallow);
  return { ws, stream };
}

/**
 * Pipes an open WebSocket's binary messages to and from a TCP socket with back-pressure both
 * ways (createWebSocketStream and pipeline: a slow side stops the other from reading, nothing
 * is buffered without limit). When either side ends or fails, both are closed.
 */
export function joinTunnel({ ws, stream }: OpenedSocket, socket: Socket): JoinedTunnel {
  const bytes = { in: 0, out: 0 };
  stream.on('data', (b: Buffer) => (bytes.in += b.length));
  socket.on('data', (b: Buffer) => (bytes.out += b.length));
  let resolveClosed = () => undefined as void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const close = () => {
    stream.destroy();
    socket.destroy();
    if (ws.readyState !== WebSocket.CLOSED) ws.close(1000);
  };
  let ended = 0;
  const done = (err: Error | null | undefined) => {
    // One direction ended (its end passed on) or failed: either way the tunnel is over.
    if (err) close();
    if (++ended === 2) {
      close();
      resolveClosed();
    }
  };
  pipeline(stream, socket, done);
  pipeline(socket, stream, done);
  ws.once('close', () => socket.end());
  socket.once('close', () => {
    if (ws.readyState === WebSocket.OPEN) ws.close(1000);
  });
  return { closed, bytes, close };
}

/**
 * The device side of tunnel_open: dials `url?token=` and joins it to `target`. Resolves once
 * the WebSocket is open; rejects (and destroys the target) if it cannot be opened.
 */
export async function dialTunnel(options: DialTunnelOptions): Promise<JoinedTunnel> {
  let ws: OpenedSocket;
  try {
    ws = await openWebSocket(tunnelUrl(options.url, options.token), options.timeoutMs, options.tls);
  } catch (err) {
    options.target.destroy();
    throw new Error(`tunnel refused: ${(err as Error).message}`, { cause: err });
  }
  return joinTunnel(ws, options.target);
}
