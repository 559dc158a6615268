import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveActMessage, LiveServerMessage } from '@hmi/domain';
import type { LiveSocketStatus } from './live-socket.ts';
import { LiveTab, type CreateTabSocket, type LiveTabSocket } from './live-tab.ts';

/** A socket that records what the tab asks of it; the test plays the server through `handlers`. */
class FakeTabSocket implements LiveTabSocket {
  state: LiveSocketStatus = 'closed';
  calls: unknown[] = [];
  constructor(readonly handlers: Parameters<CreateTabSocket>[0]) {}
  open() {
    this.calls.push('open');
    this.status('connecting');
  }
  close() {
    this.calls.push('close');
    this.status('closed');
  }
  subscribe(m: unknown) {
    this.calls.push(m);
  }
  switchPage(page: number) {
    this.calls.push({ switch_page: page });
  }
  status(s: LiveSocketStatus) {
    this.state = s;
    this.handlers.onStatus(s, 0);
  }
  deliver(m: LiveServerMessage) {
    this.handlers.onMessage(m);
  }
}

let sockets: FakeTabSocket[];
const tab = () =>
  new LiveTab((h) => {
    const s = new FakeTabSocket(h);
    sockets.push(s);
    return s;
  }, 1_000);
const settle = () => Promise.resolve();
const act = (device_id: number): LiveActMessage => ({
  type: 'act',
  act: 'online',
  device_id,
  ts: 1,
  online: 1,
});

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('LiveTab (one device data socket per tab)', () => {
  it('merges the wants of one turn into one socket and one subscribe', async () => {
    const t = tab();
    t.register({ page: { deviceIds: [1], pageSize: 20, page: 0 } });
    t.register({ acts: [2, 3] });
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.calls).toEqual([
      { type: 'subscribe', device_ids: [1], page_size: 20, page: 0, tags: [], act_device_ids: [2, 3] },
      'open',
    ]);
    expect(t.state).toMatchObject({ status: 'connecting', active: true });
  });

  it('fans values out to each device’s store and acts to the screens naming the device', async () => {
    const t = tab();
    const heardA: number[] = [];
    const heardB: number[] = [];
    t.register({ pairs: [{ device_id: 1, tag_id: 5 }] }, (m) => heardA.push(m.device_id));
    t.register({ acts: [2] }, (m) => heardB.push(m.device_id));
    await settle();
    const one = t.values(1);
    sockets[0]!.deliver({
      type: 'data',
      page: 0,
      items: [
        { device_id: 1, tag_id: 5, ts: 10, value: 42 },
        { device_id: 7, tag_id: 5, ts: 10, value: 1 },
      ],
    });
    expect(one.get(5)).toMatchObject({ value: 42, ts: 10 });
    sockets[0]!.deliver(act(1));
    sockets[0]!.deliver(act(2));
    sockets[0]!.deliver(act(9));
    expect(heardA).toEqual([1]);
    expect(heardB).toEqual([2]);
  });

  it('a page switch travels as switch_page; other changes as a new subscribe', async () => {
    const t = tab();
    let r = t.register({ page: { deviceIds: [1], pageSize: 20, page: 0 } });
    await settle();
    r.release();
    r = t.register({ page: { deviceIds: [1], pageSize: 20, page: 2 } });
    await settle();
    expect(sockets[0]!.calls.at(-1)).toEqual({ switch_page: 2 });
    r.release();
    t.register({ page: { deviceIds: [1], pageSize: 10, page: 2 } });
    await settle();
    expect(sockets[0]!.calls.at(-1)).toMatchObject({ type: 'subscribe', page_size: 10, page: 2 });
    expect(sockets).toHaveLength(1);
  });

  it('closes after the linger when nobody wants anything; a screen arriving in time keeps it', async () => {
    const t = tab();
    const a = t.register({ acts: [1] });
    await settle();
    a.release();
    await settle();
    vi.advanceTimersByTime(500);
    const b = t.register({ acts: [1] });
    await settle();
    vi.advanceTimersByTime(5_000);
    expect(sockets[0]!.calls).not.toContain('close');
    // Re-subscribed: the socket may have streamed something else meanwhile.
    expect(sockets[0]!.calls.filter((c) => typeof c === 'object')).toHaveLength(2);
    b.release();
    await settle();
    vi.advanceTimersByTime(1_000);
    expect(sockets[0]!.calls.at(-1)).toBe('close');
    expect(t.state).toMatchObject({ status: 'closed', active: false });
    t.register({ acts: [1] });
    await settle();
    expect(sockets).toHaveLength(2);
  });

  it('a device shown anew starts empty; one shown on (or no longer shown) keeps its values', async () => {
    const t = tab();
    const a = t.register({ pairs: [{ device_id: 1, tag_id: 5 }] });
    t.register({ pairs: [{ device_id: 2, tag_id: 5 }] });
    await settle();
    sockets[0]!.deliver({
      type: 'data',
      page: 0,
      items: [
        { device_id: 1, tag_id: 5, ts: 1, value: 1 },
        { device_id: 2, tag_id: 5, ts: 1, value: 2 },
      ],
    });
    // The screen of device 1 re-registers in the same turn (its want changed): values stay.
    a.release();
    const a2 = t.register({ pairs: [{ device_id: 1, tag_id: 5 }] });
    await settle();
    expect(t.values(1).get(5)?.value).toBe(1);
    // Left (a monitor after its gather timeout still shows them)...
    a2.release();
    await settle();
    expect(t.values(1).get(5)?.value).toBe(1);
    // ...and shown anew: empty until the subscription's last values come.
    t.register({ page: { deviceIds: [1], pageSize: 20, page: 0 } });
    await settle();
    expect(t.values(1).get(5)).toBeUndefined();
    expect(t.values(2).get(5)?.value).toBe(2);
  });

  it('a screen arriving after the socket failed connects again; reconnect does too', async () => {
    const t = tab();
    t.register({ acts: [1] });
    await settle();
    sockets[0]!.status('failed');
    expect(t.state.status).toBe('failed');
    t.reconnect();
    expect(sockets[0]!.calls.filter((c) => c === 'open')).toHaveLength(2);
    sockets[0]!.status('failed');
    t.register({ acts: [2] });
    await settle();
    expect(sockets[0]!.calls.filter((c) => c === 'open')).toHaveLength(3);
    sockets[0]!.status('open');
    expect(t.state.openedAt).toBeGreaterThan(0);
  });
});
