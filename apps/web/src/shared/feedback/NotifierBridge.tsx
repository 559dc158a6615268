import { lazy, Suspense, useEffect, useState } from 'react';
import { onHolderWanted } from './notifier.ts';

const MessageHolder = lazy(() => import('./MessageHolder.tsx').then((m) => ({ default: m.MessageHolder })));

/**
 * The place of the themed toasts in the tree. The holder (antd's message, rc-notification:
 * ~9 KB of a first visit) mounts on the first toast, not before: the login page shows its own
 * failures inline and usually never needs it.
 */
export function NotifierBridge() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onHolderWanted(() => setWanted(true));
    return () => onHolderWanted(undefined);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageHolder />
    </Suspense>
  ) : null;
}
