import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { NotifyEvent } from '@hmi/domain';
import { type LiveSocketStatus, type SocketLike, LiveSocketSettings } from '../live/index.ts';
import { CancelledError } from '../../shared/http/http-errors.ts';
import {
  createNotifySocket,
  NotifyReconnect,
  notifyReconnectDelay,
  parseNotifyEvent,
} from './notify-socket.ts';

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

const record = {
  id: 9,
  device_id: 3,
  device_name: 'Oven_1',
  rule_id: 4,
  rule_name: 'too_hot',
  group_id: null,
  group_name: null,
  tag_id: 7,
  tag_name: 'temperature',
  level: 16,
  type: 2,
  state: 1,
  content: 'Oven_1 temperature 130',
  value: '130',
  last_value: '130',
  times: 1,
  raised_at: 1_700_000_000_000,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
} as const;

let sockets: FakeSocket[];
let events: NotifyEvent[];
let statuses: LiveSocketStatus[];
let tokenErrors: number;
let refreshes: number;
let verify: () => Promise<void>;
let verifications: number;

function client() {
  return createNotifySocket({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onMessage: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    signOut: () => tokenErrors++,
    verifySession: () => {
      verifications++;
      return verify();
    },
    beforeReconnect: async () => {
      refreshes++;
    },
  });
}
const last = () => sockets.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the middle of the spread
  sockets = [];
  events = [];
  statuses = [];
  tokenErrors = 0;
  refreshes = 0;
  verifications = 0;
  verify = () => Promise.reject(new Error('session ended'));
  localStorage.setItem('hmicloud_1.0.4_TOKEN', 'tok en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('notifyReconnectDelay', () => {
  it('doubles from 1 s up to 60 s', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => notifyReconnectDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it('stays within +-20 % of the base for any attempt and any random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (n, r) => {
          const base = Math.min(NotifyReconnect.maxMs, NotifyReconnect.firstMs * 2 ** (n - 1));
          const d = notifyReconnectDelay(n, () => r);
          return d >= Math.floor(base * 0.8) && d <= Math.ceil(base * 1.2) && Number.isFinite(d);
        },
      ),
    );
  });
});

describe('parseNotifyEvent', () => {
  it.each([
    [{ type: 'counts' }, true],
    [{ type: 'pong' }, true],
    [{ type: 'alarm', event: 'raised', level: 16, record }, true],
    [{ type: 'alarm', event: 'exploded', level: 16, record }, false],
    [{ type: 'alarm', event: 'raised', level: 3, record }, false],
    [{ type: 'data', items: [] }, false],
    ['counts', false],
    [null, false],
  ])('%j -> accepted %s', (frame, ok) => {
    expect(parseNotifyEvent(frame) !== undefined).toBe(ok);
  });
});

describe('the notify socket', () => {
  it('connects to /v1/ws/notify with the stored token, pings every 10 s and passes valid frames', () => {
    const socket = client();
    socket.open();
    expect(new URL(last().url).pathname).toBe('/v1/ws/notify');
    expect(new URL(last().url).searchParams.get('token')).toBe('tok en');
    expect(last().url.startsWith('ws://')).toBe(true);
    last().accept();
    vi.advanceTimersByTime(LiveSocketSettings.pingIntervalMs * 2);
    expect(last().sent).toEqual([{ type: 'ping' }, { type: 'ping' }]);
    last().deliver('garbage');
    last().deliver({ type: 'data', page: 0, items: [] });
    last().deliver({ type: 'counts' });
    last().deliver({ type: 'alarm', event: 'raised', level: 16, record });
    expect(events.map((e) => e.type)).toEqual(['counts', 'alarm']);
    socket.close();
    expect(last().closedWith).toBe(1000);
  });

  it('never gives up: reconnects with a growing wait, refreshing the token first, and resets after a success', async () => {
    const socket = client();
    socket.open();
    last().accept();
    // Ten drops in a row (the device socket would have failed after four).
    for (let attempt = 1; attempt <= 10; attempt++) {
      last().drop();
      expect(statuses.at(-1)).toBe('reconnecting');
      const wait = notifyReconnectDelay(attempt, () => 0.5);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(attempt + 1);
    }
    expect(refreshes).toBe(10);
    expect(statuses).not.toContain('failed');
    // A successful connection starts the backoff again from 1 s.
    last().accept();
    last().drop();
    await vi.advanceTimersByTimeAsync(NotifyReconnect.firstMs);
    expect(sockets).toHaveLength(12);
    socket.close();
  });

  it('a token error close (4001) with the session ended signs out once and never reconnects', async () => {
    const socket = client();
    socket.open();
    last().accept();
    last().drop(4001);
    expect(statuses.at(-1)).toBe('closed');
    await vi.advanceTimersByTimeAsync(0);
    expect(verifications).toBe(1);
    expect(tokenErrors).toBe(1);
    await vi.advanceTimersByTimeAsync(NotifyReconnect.maxMs * 5);
    expect(sockets).toHaveLength(1);
    socket.close();
  });

  it('4001 while the session lives (a token that just expired) connects again; a second 4001 soon after signs out', async () => {
    verify = () => Promise.resolve();
    const socket = client();
    socket.open();
    last().accept();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(0);
    expect(tokenErrors).toBe(0);
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(statuses.at(-1)).toBe('open');
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(0);
    expect(verifications).toBe(1);
    expect(tokenErrors).toBe(1);
    expect(sockets).toHaveLength(2);
    socket.close();
  });

  it('4001 when the HTTP client ended the session itself (1055, failed refresh: cancelled) adds nothing', async () => {
    verify = () => Promise.reject(new CancelledError());
    const socket = client();
    socket.open();
    last().accept();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(NotifyReconnect.maxMs);
    expect(tokenErrors).toBe(0);
    expect(sockets).toHaveLength(1);
  });

  it('does not reopen after its owner closed it while the session was being checked', async () => {
    let pass!: () => void;
    verify = () => new Promise<void>((r) => (pass = r));
    const socket = client();
    socket.open();
    last().accept();
    last().drop(4001);
    socket.close();
    pass();
    await vi.advanceTimersByTimeAsync(NotifyReconnect.maxMs);
    expect(sockets).toHaveLength(1);
    expect(tokenErrors).toBe(0);
  });
});
