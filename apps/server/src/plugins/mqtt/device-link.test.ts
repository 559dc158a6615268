import { describe, expect, it } from 'vitest';
import { DeviceLinkListeners, type DeviceHandledEvent, type DeviceMessage } from './device-link.ts';

/*
 * Dispatch of a device message to its handlers: the point of the QoS 1 acknowledgement. It
 * resolves only when every handler has, fails on the first failure (a handler that throws or
 * rejects) and on the ack timeout, and reports each outcome as `handled`.
 */

const message = { sn: 'SN-1', channel: 'data', payload: { ts: 1, v: {} } } as unknown as DeviceMessage;

function listeners(ackTimeoutMs = 60_000) {
  const l = new DeviceLinkListeners(ackTimeoutMs);
  const handled: DeviceHandledEvent[] = [];
  l.on('handled', (e) => handled.push(e));
  return { l, handled };
}

describe('device message dispatch', () => {
  it('resolves once every handler has, and reports it handled', async () => {
    const { l, handled } = listeners();
    let release!: () => void;
    const order: string[] = [];
    l.onMessage(() => void order.push('sync'));
    l.onMessage(() => new Promise<void>((r) => (release = r)).then(() => void order.push('async')));
    const done = l.dispatch(message).then(() => order.push('done'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['sync']);
    expect(handled).toEqual([]);
    release();
    await done;
    expect(order).toEqual(['sync', 'async', 'done']);
    expect(handled).toEqual([{ sn: 'SN-1', channel: 'data', ok: true }]);
  });

  it('fails when a handler throws or rejects, and still runs the others', async () => {
    const { l, handled } = listeners();
    let ran = 0;
    const off = l.onMessage(() => {
      throw new Error('boom');
    });
    l.onMessage(() => void ran++);
    await expect(l.dispatch(message)).rejects.toThrow('boom');
    expect(ran).toBe(1);
    off();
    l.onMessage(() => Promise.reject(new Error('commit failed')));
    await expect(l.dispatch(message)).rejects.toThrow('commit failed');
    expect(handled.map((e) => e.ok)).toEqual([false, false]);
  });

  it('fails a handler that does not settle within the ack timeout, and only that message', async () => {
    const { l, handled } = listeners(100);
    let calls = 0;
    l.onMessage(() => (++calls === 1 ? new Promise<void>(() => undefined) : Promise.resolve()));
    const started = Date.now();
    const stuck = l.dispatch(message);
    await expect(l.dispatch(message)).resolves.toBeUndefined();
    await expect(stuck).rejects.toThrow('did not settle within 100 ms');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(95);
    expect(waited).toBeLessThan(1000);
    expect(handled.map((e) => e.ok)).toEqual([true, false]);
  });

  it('resolves at once without handlers', async () => {
    const { l, handled } = listeners();
    await expect(l.dispatch(message)).resolves.toBeUndefined();
    expect(handled).toEqual([]);
  });
});
