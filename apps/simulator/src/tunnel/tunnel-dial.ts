import type { Socket } from 'node:net';
import { pipeline } from 'node:stream';
import WebSocket, { createWebSocketStream } from 'ws';

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
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
}

export interface DialedTunnel {
  /** Resolves when both sides are closed. */
  readonly closed: Promise<void>;
  /** Bytes from the WebSocket to the target, and back. */
  readonly bytes: { in: number; out: number };
  close(): void;
}

/** The tunnel URL with the token: `${url}?token=${token}` (appended with & if url has a query). */
export function tunnelUrl(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * Dials the tunnel's WebSocket and pipes its binary messages to and from `target`, with
 * back-pressure both ways (createWebSocketStream and pipeline: a slow side stops the other from
 * reading). Resolves once the WebSocket is open; rejects (and destroys the target) if it cannot
 * be opened. When either side ends or fails, both are closed.
 */
export async function dialTunnel(options: DialTunnelOptions): Promise<DialedTunnel> {
  const { target } = options;
  const ws = new WebSocket(tunnelUrl(options.url, options.token), {
    handshakeTimeout: options.timeoutMs ?? 10_000,
    perMessageDeflate: false,
    ...(options.tls ?? {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => {
        reject(new Error(`tunnel refused: HTTP ${res.statusCode ?? '?'}`));
        ws.terminate();
      });
    });
  } catch (err) {
    target.destroy();
    ws.terminate();
    throw err;
  }
  ws.binaryType = 'nodebuffer';
  const stream = createWebSocketStream(ws);
  const bytes = { in: 0, out: 0 };
  stream.on('data', (b: Buffer) => (bytes.in += b.length));
  target.on('data', (b: Buffer) => (bytes.out += b.length));

  let ended = 0;
  let resolveClosed = () => undefined as void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  const close = () => {
    stream.destroy();
    target.destroy();
    if (ws.readyState !== WebSocket.CLOSED) ws.close(1000);
  };
  const done = (err: Error | null | undefined) => {
    // One direction ended cleanly (its end passed on) or failed: the tunnel is over either way.
    if (err) close();
    if (++ended === 2) {
      close();
      resolveClosed();
    }
  };
  pipeline(stream, target, done);
  pipeline(target, stream, done);
  ws.once('close', () => target.end());
  target.once('close', () => {
    if (ws.readyState === WebSocket.OPEN) ws.close(1000);
  });
  return { closed, bytes, close };
}
