import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { pipeline, Transform, type Duplex } from 'node:stream';
import { TUNNEL_TOKEN_TTL_MS, TunnelCloseCode, type RemoteEndReason, type RemoteMode } from '@hmi/domain';
import { createWebSocketStream, type WebSocket } from 'ws';
import type { CurrentUser } from '../../lib/current-user.ts';
import { RfbViewFilter } from './rfb-view-filter.ts';

export type TunnelSide = 'client' | 'device';

/** What a tunnel is bound to (its session record, device, team and user). */
export interface TunnelBinding {
  tunnelId: string;
  sessionId: number;
  deviceId: number;
  /** The device's serial (its cmd topic). */
  sn: string;
  teamId: number;
  userId: number;
  mode: RemoteMode;
  /** A VNC view session: the client's RFB stream goes through the view-only filter. */
  viewOnlyRfb: boolean;
  startedAt: number;
  maxMs: number;
  idleMs: number;
  /** Who opened it, checked again when one of their rights may have ended (end reason 'access'). */
  caller?: CurrentUser;
  /** The device's bound_at when it opened: another binding (even of the same team) ends it. */
  boundAt?: number | null;
}

const hash = (token: string) => createHash('sha256').update(token).digest();
export const newTunnelToken = () => randomBytes(32).toString('base64url');
export const newTunnelId = () => randomBytes(16).toString('base64url');

/**
 * Bytes each stream of a tunnel may hold (the sockets' readable and writable sides and the two
 * meters): large enough for 64 KiB messages to flow without a pause per message, small enough
 * that a stalled tunnel holds about a MiB.
 */
const STREAM_HWM = 128 * 1024;

/** How long a close handshake may take before the socket is cut (a reader that stopped). */
const CLOSE_GRACE_MS = 2000;

/**
 * One tunnel of this server: two single-use tokens (only their SHA-256 is kept, compared in
 * constant time, valid TUNNEL_TOKEN_TTL_MS), the client's and the device's WebSocket once they
 * present them, and the pipe between the two.
 *
 * Back-pressure: each socket is read through ws's createWebSocketStream (it pauses the socket
 * when its readable side is full) and piped with stream.pipeline into the other socket's
 * writable side (a write completes when the TCP socket has taken it). A client that stops
 * reading therefore stops the server reading the device, and the device's TCP window closes:
 * what the server holds per tunnel is bounded by the streams' high-water marks and one message.
 * The first socket to arrive is buffered the same way until the other joins.
 */
export class Tunnel {
  readonly tokens: Record<TunnelSide, { hash: Buffer; used: boolean }>;
  readonly expiresAt: number;
  private readonly sockets: Partial<Record<TunnelSide, { ws: WebSocket; stream: Duplex }>> = {};
  /** Bytes forwarded client -> device (after the view filter) and device -> client. */
  up = 0;
  down = 0;
  /** What the ledger has of them. */
  flushedUp = 0;
  flushedDown = 0;
  lastActivity: number;
  endReason: RemoteEndReason | null = null;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    readonly binding: TunnelBinding,
    tokens: Record<TunnelSide, string>,
    private readonly onEnd: (tunnel: Tunnel, reason: RemoteEndReason) => void,
    now = Date.now(),
  ) {
    this.tokens = {
      client: { hash: hash(tokens.client), used: false },
      device: { hash: hash(tokens.device), used: false },
    };
    this.expiresAt = now + TUNNEL_TOKEN_TTL_MS;
    this.lastActivity = now;
    // Both sides must have joined while the tokens live.
    this.timer(() => {
      if (!this.joined) this.end('error');
    }, TUNNEL_TOKEN_TTL_MS + 1000);
    this.timer(() => this.end('max_duration'), binding.startedAt + binding.maxMs - now);
    this.idleCheck(binding.idleMs);
  }

  get joined(): boolean {
    return this.sockets.client !== undefined && this.sockets.device !== undefined;
  }

  get ended(): boolean {
    return this.endReason !== null;
  }

  /** Uses the side's token: true once, while it lives, for the right token only. */
  redeem(side: TunnelSide, token: string, now = Date.now()): boolean {
    const t = this.tokens[side];
    const given = hash(token);
    const match = timingSafeEqual(given, t.hash);
    if (!match || t.used || now > this.expiresAt || this.ended) return false;
    t.used = true;
    return true;
  }

  /** A side's socket, after its token was redeemed. Pipes once both are here. */
  attach(side: TunnelSide, ws: WebSocket): void {
    ws.binaryType = 'nodebuffer';
    const stream = createWebSocketStream(ws, {
      readableHighWaterMark: STREAM_HWM,
      writableHighWaterMark: STREAM_HWM,
    });
    stream.on('error', () => undefined); // the close event tells
    ws.on('close', () => this.end(side));
    this.sockets[side] = { ws, stream };
    if (this.joined) this.pipe();
  }

  private pipe(): void {
    const client = this.sockets.client!.stream;
    const device = this.sockets.device!.stream;
    // A view session: the client's RFB stream goes through the view-only filter, which reads
    // the server's version (and 3.3 security type) from the device's stream.
    const filter = this.binding.viewOnlyRfb ? new RfbViewFilter() : null;
    // Device -> client, and client -> device of operating sessions: piped as they come, counted
    // by a listener beside the pipe (a pipe pauses the source for both). The listener runs
    // before the client can have the bytes, so the filter knows them before the answer.
    device.on('data', (chunk: Buffer) => {
      this.lastActivity = Date.now();
      this.down += chunk.length;
      filter?.fromServer(chunk);
    });
    pipeline(device, client, () => this.end('device'));
    if (!filter) {
      client.on('data', (chunk: Buffer) => {
        this.lastActivity = Date.now();
        this.up += chunk.length;
      });
      pipeline(client, device, () => this.end('client'));
      return;
    }
    const upward = new Transform({
      highWaterMark: STREAM_HWM,
      transform: (chunk: Buffer, _enc, done) => {
        this.lastActivity = Date.now();
        try {
          for (const p of filter.push(chunk)) {
            this.up += p.length;
            upward.push(p);
          }
          done();
        } catch (err) {
          done(err as Error);
          this.end('error');
        }
      },
    });
    pipeline(client, upward, device, () => this.end('client'));
  }

  /** Closes both sockets with 4000 and the reason (once); the owner records the end. */
  end(reason: RemoteEndReason): void {
    if (this.endReason) return;
    this.endReason = reason;
    this.timers.splice(0).forEach(clearTimeout);
    for (const { ws } of Object.values(this.sockets)) {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) {
        ws.close(TunnelCloseCode.Ended, reason);
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
      }
    }
    this.onEnd(this, reason);
  }

  /** Bytes not yet in the ledger, marked as flushed. */
  takeUnflushed(): { up: number; down: number } {
    const delta = { up: this.up - this.flushedUp, down: this.down - this.flushedDown };
    this.flushedUp = this.up;
    this.flushedDown = this.down;
    return delta;
  }

  /** Memory the tunnel holds in its sockets' send queues (tests of back-pressure). */
  get buffered(): number {
    let n = 0;
    for (const { ws, stream } of Object.values(this.sockets))
      n += ws.bufferedAmount + stream.readableLength + stream.writableLength;
    return n;
  }

  private timer(fn: () => void, ms: number): void {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref();
    this.timers.push(t);
  }

  /** Ends the tunnel once no byte moved either way for binding.idleMs. */
  private idleCheck(delay: number): void {
    this.timer(() => {
      const quiet = Date.now() - this.lastActivity;
      if (quiet >= this.binding.idleMs) this.end('idle');
      else this.idleCheck(this.binding.idleMs - quiet);
    }, delay);
  }
}
