/**
 * One token refresh per browser. Every tab of a session holds the same refresh token, which the
 * server rotates on each use; two tabs refreshing with it on their own would look like a stolen
 * copy (the server only forgives that for a few seconds, REFRESH_REUSE_GRACE). So a tab refreshes
 * inside `exclusive`: with the Web Locks API where the browser has it, else under a lease kept in
 * localStorage (woken by the storage event). A tab that waited finds the other tab's new pair in
 * storage and uses it instead of refreshing with its stale token. The new pair is also announced
 * on a BroadcastChannel, for tabs whose session lives in their own sessionStorage (signed in
 * without "remember me", then duplicated): they take it when it replaces the token they hold.
 */

/** A refresh token and the pair that replaced it. */
export interface RefreshedPair {
  previous: string;
  token: string;
  refresh_token: string;
}

export interface RefreshLock {
  /** Runs `refresh` while no other tab of this browser runs its own. */
  exclusive<T>(refresh: () => Promise<T>): Promise<T>;
  /** Tells the other tabs which pair replaced `previous`. */
  announce(pair: RefreshedPair): void;
  /** Calls `listener` when another tab announces a pair; returns the unsubscribe. */
  onAnnounce(listener: (pair: RefreshedPair) => void): () => void;
}

/** The subset of the Web Locks API used here. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Where the fallback lease is kept (localStorage: shared by every tab of the origin). */
export interface LeaseStore {
  read(): string | null;
  write(value: string): void;
  clear(): void;
  /** Calls `listener` when another tab changes the lease; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The subset of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface RefreshLockDeps {
  locks?: LockManagerLike;
  lease: LeaseStore;
  channel?: ChannelLike;
  now?: () => number;
  /** How long a lease holds when its tab dies mid-refresh (ms). */
  leaseMs?: number;
}

export const REFRESH_LOCK_NAME = 'hmicloud-token-refresh';
export const SESSION_CHANNEL = 'hmicloud-session';
const LEASE_MS = 15_000;
/** How long a tab that wrote the lease waits before reading it back (a rival's write lands). */
const SETTLE_MS = 40;
const POLL_MS = 250;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Lease {
  id: string;
  until: number;
}

function parseLease(raw: string | null): Lease | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<Lease>;
    return typeof v.id === 'string' && typeof v.until === 'number' ? { id: v.id, until: v.until } : undefined;
  } catch {
    return undefined;
  }
}

const isPair = (v: unknown): v is RefreshedPair =>
  typeof v === 'object' &&
  v !== null &&
  ['previous', 'token', 'refresh_token'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

export function createRefreshLock(deps: RefreshLockDeps): RefreshLock {
  const now = deps.now ?? Date.now;
  const leaseMs = deps.leaseMs ?? LEASE_MS;

  /** Resolves when another tab changes the lease, or after `ms`. */
  function leaseChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const off = deps.lease.onChange(done);
    });
  }

  async function underLease<T>(refresh: () => Promise<T>): Promise<T> {
    const id = `${now()}-${Math.random().toString(36).slice(2)}`;
    for (;;) {
      const held = parseLease(deps.lease.read());
      if (held && held.until > now()) {
        await leaseChange(Math.min(POLL_MS, held.until - now()));
        continue;
      }
      deps.lease.write(JSON.stringify({ id, until: now() + leaseMs }));
      await sleep(SETTLE_MS);
      if (parseLease(deps.lease.read())?.id === id) break;
    }
    try {
      return await refresh();
    } finally {
      if (parseLease(deps.lease.read())?.id === id) deps.lease.clear();
    }
  }

  return {
    exclusive: (refresh) =>
      deps.locks ? deps.locks.request(REFRESH_LOCK_NAME, refresh) : underLease(refresh),
    announce(pair) {
      try {
        deps.channel?.postMessage({ type: 'refreshed', ...pair });
      } catch {
        // A closed channel: the tabs sharing localStorage read the pair there anyway.
      }
    },
    onAnnounce(listener) {
      const channel = deps.channel;
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown } | null;
        if (data?.type === 'refreshed' && isPair(data)) {
          listener({ previous: data.previous, token: data.token, refresh_token: data.refresh_token });
        }
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
