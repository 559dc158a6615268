import { createHttpClient } from './http-client.ts';
import { STORAGE_PREFIX, StorageKey } from '../storage/storage-keys.ts';
import { storage } from '../storage/storage.ts';
import { toasts } from '../feedback/notifier.ts';
import { errorText } from '../i18n/i18n.ts';
import { createRefreshLock, SESSION_CHANNEL, type LockManagerLike } from './refresh-lock.ts';
import { sessionEvents } from './session-events.ts';

function sessionChannel(): BroadcastChannel | undefined {
  try {
    return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
  } catch {
    return undefined;
  }
}

const leaseKey = STORAGE_PREFIX + StorageKey.REFRESH_LEASE;

/** One token refresh per browser: Web Locks, else a lease in localStorage; pairs told by broadcast. */
const refreshLock = createRefreshLock({
  locks: (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks,
  channel: sessionChannel(),
  lease: {
    read: () => storage.get(StorageKey.REFRESH_LEASE),
    write: (value) => storage.set(StorageKey.REFRESH_LEASE, value),
    clear: () => storage.remove(StorageKey.REFRESH_LEASE),
    onChange(listener) {
      const onStorage = (e: StorageEvent) => {
        if (e.key === leaseKey || e.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  },
});

/** The console's HTTP client; every feature calls the API through it. */
export const http = createHttpClient({
  tokens: storage,
  toast: (text) => toasts.error(text),
  errorText,
  signedOut: (reason) => sessionEvents.emitSignedOut(reason),
  refreshLock,
});
