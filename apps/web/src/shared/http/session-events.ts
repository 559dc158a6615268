import type { SignOutReason } from './http-client.ts';

type Listener = (reason: SignOutReason) => void;
const listeners = new Set<Listener>();

/** The HTTP client announces a forced sign-out here; the app clears its cache and routes to login. */
export const sessionEvents = {
  onSignedOut(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emitSignedOut(reason: SignOutReason): void {
    for (const l of listeners) l(reason);
  },
};
