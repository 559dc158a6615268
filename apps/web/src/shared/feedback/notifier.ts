import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createToastQueue, type ToastBackend } from './toast-queue.ts';

/** The themed message instance of <App>, registered by <NotifierBridge/> once mounted. */
let instance: MessageInstance | undefined;

export function registerMessageInstance(next: MessageInstance | undefined): void {
  instance = next;
}

/** A success toast through the same themed instance (not counted against the error queue). */
export function successToast(text: string): void {
  void (instance ?? staticMessage).success(text);
}

const backend = (): ToastBackend => {
  const api = instance ?? staticMessage;
  return {
    open: (key, text, duration, onClose) =>
      void api.open({ key, type: 'error', content: text, duration, onClose }),
    close: (key) => api.destroy(key),
  };
};

/** Error toasts for code outside React (the HTTP client): 2.5 s, at most 3 visible. */
export const toasts = createToastQueue(backend);
