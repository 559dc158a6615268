import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type TokenStore } from './http-client.ts';
import { err, fakeAdapter, memoryTokens, ok, type Handler } from './http-test-helpers.ts';
import {
  createRefreshLock,
  type ChannelLike,
  type LeaseStore,
  type LockManagerLike,
  type RefreshLock,
} from './refresh-lock.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server without any reuse grace: a refresh token works once; presenting it again revokes the
 * family (every later refresh answers 1040). Access tokens other than the newest answer 1009;
 * the tabs start with 't1', which has just expired.
 */
function strictServer() {
  const state = { access: 'none yet', refresh: 'r1', n: 1, refreshCalls: 0, revoked: false };
  const handler: Handler = async (c) => {
    if (c.url === '/refreshtoken') {
      state.refreshCalls += 1;
      await sleep(5);
      if (state.revoked || c.headers.Authorization !== state.refresh) {
        state.revoked = true;
        return err(1040, 401);
      }
      state.n += 1;
      state.access = `t${state.n}`;
      state.refresh = `r${state.n}`;
      return ok({ token: state.access, refresh_token: state.refresh, host: '', region: 'eu' });
    }
    return c.headers.Authorization === state.access ? ok(c.url) : err(1009, 401);
  };
  return { state, handler };
}

/** The Web Locks API of one browser: one holder at a time, the others queue. */
function fakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A BroadcastChannel name shared by tabs: a message reaches every tab but its sender. */
function channelBus() {
  const all = new Set<(e: MessageEvent) => void>();
  return (): ChannelLike => {
    const mine = new Set<(e: MessageEvent) => void>();
    return {
      postMessage(message) {
        for (const l of all) if (!mine.has(l)) queueMicrotask(() => l({ data: message } as MessageEvent));
      },
      addEventListener(_type, l) {
        all.add(l);
        mine.add(l);
      },
      removeEventListener(_type, l) {
        all.delete(l);
        mine.delete(l);
      },
    };
  };
}

/** One localStorage lease key: a tab's write wakes the other tabs (the storage event). */
function leaseBus(initial: string | null = null) {
  const shared = { value: initial };
  const listeners = new Map<object, Set<() => void>>();
  return (): LeaseStore => {
    const me = {};
    const notifyOthers = () => {
      for (const [tab, set] of listeners) if (tab !== me) for (const l of set) l();
    };
    return {
      read: () => shared.value,
      write: (v) => {
        shared.value = v;
        notifyOthers();
      },
      clear: () => {
        shared.value = null;
        notifyOthers();
      },
      onChange(l) {
        const set = listeners.get(me) ?? new Set();
        listeners.set(me, set);
        set.add(l);
        return () => set.delete(l);
      },
    };
  };
}

function tab(handler: Handler, tokens: TokenStore, refreshLock: RefreshLock) {
  const signedOut = vi.fn();
  const toast = vi.fn();
  const http = createHttpClient({
    tokens,
    toast,
    signedOut,
    errorText: (code) => `text:${code}`,
    adapter: fakeAdapter(handler),
    refreshLock,
  });
  return { http, signedOut, toast };
}

describe('one token refresh per browser', () => {
  it('three tabs sharing localStorage and Web Locks: one refresh, every tab goes on with the new pair', async () => {
    const server = strictServer();
    const stored = memoryTokens('t1', 'r1');
    const locks = fakeLocks();
    const channel = channelBus();
    const lease = leaseBus();
    const tabs = [1, 2, 3].map(() =>
      tab(server.handler, stored, createRefreshLock({ locks, channel: channel(), lease: lease() })),
    );
    const replies = await Promise.all(tabs.map((t, i) => t.http.get(`/page${i}`)));
    expect(replies).toEqual(['/page0', '/page1', '/page2']);
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.revoked).toBe(false);
    expect(stored.state).toMatchObject({ token: 't2', refresh: 'r2' });
    for (const t of tabs) expect(t.signedOut).not.toHaveBeenCalled();
  });

  it('without Web Locks a lease in localStorage does the same', async () => {
    const server = strictServer();
    const stored = memoryTokens('t1', 'r1');
    const channel = channelBus();
    const lease = leaseBus();
    const tabs = [1, 2, 3].map(() =>
      tab(server.handler, stored, createRefreshLock({ channel: channel(), lease: lease() })),
    );
    const replies = await Promise.all(tabs.map((t, i) => t.http.get(`/page${i}`)));
    expect(replies).toEqual(['/page0', '/page1', '/page2']);
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.revoked).toBe(false);
    for (const t of tabs) expect(t.signedOut).not.toHaveBeenCalled();
  });

  it('a lease left by a tab that died mid-refresh runs out, then the next tab refreshes', async () => {
    const server = strictServer();
    const lease = leaseBus(JSON.stringify({ id: 'dead-tab', until: Date.now() + 300 }));
    const t = tab(server.handler, memoryTokens('t1', 'r1'), createRefreshLock({ lease: lease() }));
    const started = Date.now();
    await expect(t.http.get('/a')).resolves.toBe('/a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.state.refreshCalls).toBe(1);
  });

  it('tabs with their own sessionStorage take the pair another tab announced instead of reusing the old token', async () => {
    const server = strictServer();
    const locks = fakeLocks();
    const channel = channelBus();
    const lease = leaseBus();
    const storeA = memoryTokens('t1', 'r1');
    const storeB = memoryTokens('t1', 'r1');
    const other = memoryTokens('x1', 'another-session');
    const a = tab(server.handler, storeA, createRefreshLock({ locks, channel: channel(), lease: lease() }));
    const b = tab(server.handler, storeB, createRefreshLock({ locks, channel: channel(), lease: lease() }));
    tab(server.handler, other, createRefreshLock({ locks, channel: channel(), lease: lease() }));

    await expect(Promise.all([a.http.get('/a'), b.http.get('/b')])).resolves.toEqual(['/a', '/b']);
    expect(server.state.refreshCalls).toBe(1);
    expect(storeB.state).toMatchObject({ token: 't2', refresh: 'r2' });
    // A tab of another session ignores the announcement.
    expect(other.state).toMatchObject({ token: 'x1', refresh: 'another-session' });

    // Later expiries: whichever tab meets one first refreshes, the other follows.
    server.state.access = 'expired';
    server.state.refresh = 'r2';
    await expect(b.http.get('/b2')).resolves.toBe('/b2');
    await sleep(0);
    expect(storeA.state).toMatchObject({ token: 't3', refresh: 'r3' });
    await expect(a.http.get('/a2')).resolves.toBe('/a2');
    expect(server.state.refreshCalls).toBe(2);
    expect(server.state.revoked).toBe(false);
  });

  it('a refresh that fails still signs out (the lock is released for the next sign-in)', async () => {
    const server = strictServer();
    server.state.revoked = true;
    const locks = fakeLocks();
    const t = tab(
      server.handler,
      memoryTokens('t1', 'r1'),
      createRefreshLock({ locks, lease: leaseBus()() }),
    );
    await expect(t.http.get('/a')).rejects.toBeTruthy();
    expect(t.signedOut).toHaveBeenCalledWith('E_INVALID_OR_EXPIRED_TOKEN');
    await expect(locks.request('x', () => Promise.resolve('free'))).resolves.toBe('free');
  });
});
