import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveCloseCode, type LiveServerMessage } from '@hmi/domain';
import { LiveSocket, LiveSocketSettings, type LiveSocketStatus, type SocketLike } from './live-socket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // server side
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  deliver(message: unknown) {
    this.onmessage?.({
      data: typeof message === 'string' ? message : JSON.stringify(message),
    } as MessageEvent);
  }
}

let sockets: FakeSocket[];
let statuses: LiveSocketStatus[];
let messages: LiveServerMessage[];
let tokenErrors: number;

function client() {
  return new LiveSocket({
    url: () => `ws://test/v1/ws/device?token=t${sockets.length}&page=0`,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onTokenError: () => tokenErrors++,
  });
}
const last = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  statuses = [];
  messages = [];
  tokenErrors = 0;
});
afterEach(() => vi.useRealTimers());

describe('LiveSocket', () => {
  it('subscribes on open and pings every 10 s', () => {
    const live = client();
    live.subscribe({ type: 'subscribe', device_ids: [7], page_size: 20, page: 0 });
    live.open();
    last().accept();
    expect(last().sent).toEqual([{ type: 'subscribe', device_ids: [7], page_size: 20, page: 0 }]);
    vi.advanceTimersByTime(LiveSocketSettings.pingIntervalMs * 3);
    expect(last().sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(3);
    live.switchPage(2);
    expect(last().sent.at(-1)).toEqual({ type: 'switch_page', page: 2 });
    live.close();
    expect(last().closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('passes valid server messages and ignores garbage', () => {
    const live = client();
    live.open();
    last().accept();
    last().deliver('not json');
    last().deliver({ type: 'nonsense' });
    last().deliver({ type: 'data', page: 0, items: [{ device_id: 1, tag_id: 2, ts: 3, value: 4 }] });
    expect(messages).toEqual([
      { type: 'data', page: 0, items: [{ device_id: 1, tag_id: 2, ts: 3, value: 4 }] },
    ]);
  });

  it('reconnects 30 s after a drop, at most 4 times, then fails; resubscribes to the current page', () => {
    const live = client();
    live.subscribe({ type: 'subscribe', device_ids: [7], page_size: 20, page: 0 });
    live.open();
    last().accept();
    live.switchPage(1);
    last().drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(last().sent[0]).toEqual({ type: 'subscribe', device_ids: [7], page_size: 20, page: 1 });

    // A success resets the count; then four failed attempts in a row and it gives up.
    last().drop();
    for (let i = 0; i < LiveSocketSettings.maxReconnects; i++) {
      vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs);
      last().drop();
    }
    expect(sockets).toHaveLength(2 + LiveSocketSettings.maxReconnects);
    expect(statuses.at(-1)).toBe('failed');
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs * 5);
    expect(sockets).toHaveLength(2 + LiveSocketSettings.maxReconnects);
  });

  it('gives an attempt up after the 10 s connect timeout', () => {
    const live = client();
    live.open();
    vi.advanceTimersByTime(LiveSocketSettings.connectTimeoutMs);
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs);
    expect(sockets).toHaveLength(2);
  });

  it('a token error close (4001) reports it once and never reconnects', () => {
    const live = client();
    live.open();
    last().accept();
    last().drop(4001);
    expect(tokenErrors).toBe(1);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs * 10);
    expect(sockets).toHaveLength(1);
  });

  it('a message rate close (4030) is a dropped connection: no sign-out, reconnects later', () => {
    const live = client();
    live.open();
    last().accept();
    last().drop(LiveCloseCode.TooManyMessages);
    expect(tokenErrors).toBe(0);
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs);
    expect(sockets).toHaveLength(2);
  });

  it('a permission close (4003) fails without reconnecting', () => {
    const live = client();
    live.open();
    last().drop(4003);
    vi.advanceTimersByTime(LiveSocketSettings.reconnectIntervalMs * 2);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('failed');
    expect(tokenErrors).toBe(0);
  });
});
