import { useEffect } from 'react';
import { App } from 'antd';
import { registerMessageInstance } from './notifier.ts';

/** Hands the themed message instance of <App> to the toast queue. */
export function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerMessageInstance(message);
    return () => registerMessageInstance(undefined);
  }, [message]);
  return null;
}
