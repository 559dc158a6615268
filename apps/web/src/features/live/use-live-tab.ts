import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveActMessage } from '@hmi/domain';
import { createLiveSocket } from './live-connection.ts';
import type { LiveWant } from './live-subscription.ts';
import { LiveTab, type LiveTabState } from './live-tab.ts';

let tab: LiveTab | null = null;

/** The tab's one device data socket and its values (created on first use). */
export function liveTab(): LiveTab {
  return (tab ??= new LiveTab((handlers) => createLiveSocket(handlers)));
}

/** The tab socket's state; re-renders the caller when it changes. */
export function useLiveTabState(t: LiveTab = liveTab()): LiveTabState {
  return useSyncExternalStore(
    (cb) => t.subscribeState(cb),
    () => t.state,
  );
}

/**
 * Holds `want` in the tab's subscription while the caller is mounted (null: nothing); a new
 * want (compared by value) replaces it. `onAct` gets the `act` messages of the devices it names.
 */
export function useLiveWant(want: LiveWant | null, onAct?: (m: LiveActMessage) => void): void {
  const t = liveTab();
  const key = want ? JSON.stringify(want) : '';
  const actRef = useRef(onAct);
  useEffect(() => {
    actRef.current = onAct;
  }, [onAct]);
  useEffect(() => {
    if (!key) return;
    const registration = t.register(JSON.parse(key) as LiveWant, (m) => actRef.current?.(m));
    return () => registration.release();
  }, [t, key]);
}
