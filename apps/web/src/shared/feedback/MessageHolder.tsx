import { useEffect } from 'react';
import { message } from 'antd';
import { registerMessageInstance } from './notifier.ts';
import { TOAST_DURATION_SECONDS, TOAST_MAX_VISIBLE } from './toast-queue.ts';

/**
 * Renders the themed message holder and hands its instance to the toast queue (2.5 s, at most
 * 3 visible). message.useMessage instead of <App> keeps Modal and notification out of the bundle.
 */
export function MessageHolder() {
  const [api, holder] = message.useMessage({ maxCount: TOAST_MAX_VISIBLE, duration: TOAST_DURATION_SECONDS });
  useEffect(() => {
    registerMessageInstance(api);
    return () => registerMessageInstance(undefined);
  }, [api]);
  return holder;
}
