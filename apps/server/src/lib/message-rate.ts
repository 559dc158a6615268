import { LiveCloseCode } from '@hmi/domain';
import type { WebSocket } from 'ws';

/** Messages a browser socket may send: `burst` at once, refilled at `perSecond` (token bucket). */
export interface MessageRateSettings {
  perSecond: number;
  burst: number;
}

/** The part of a WebSocket the gate uses (the notify hub's tests pass a fake). */
type GatedSocket = Pick<WebSocket, 'readyState' | 'OPEN' | 'close'>;

/**
 * The message rate of one browser socket (device data and notify sockets, docs/api.md). A token
 * bucket rather than a counter per window: a client may send `burst` messages at once (a reconnect
 * sends its subscribe and a ping together, a user clicks through pages), but no more than
 * `perSecond` a second on average. A message that finds the bucket empty closes the socket with
 * 4030; so a flood costs the server at most `burst` parsed messages, the rest are dropped unread.
 */
export class MessageRate {
  private tokens: number;
  private last: number;

  constructor(
    private readonly settings: MessageRateSettings,
    now = Date.now(),
  ) {
    this.tokens = settings.burst;
    this.last = now;
  }

  /**
   * Whether the socket's next message may be handled. False, and nothing else to do, for a socket
   * closing already (ws keeps emitting what it had read: the rest of a flood); false after closing
   * the socket (4030) when the client went over the rate.
   */
  admit(ws: GatedSocket, now = Date.now()): boolean {
    if (ws.readyState !== ws.OPEN) return false;
    if (this.take(now)) return true;
    ws.close(LiveCloseCode.TooManyMessages, 'too many messages');
    return false;
  }

  /** Takes one token; false when the bucket is empty. */
  take(now = Date.now()): boolean {
    const { perSecond, burst } = this.settings;
    this.tokens = Math.min(burst, this.tokens + (Math.max(0, now - this.last) * perSecond) / 1000);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
