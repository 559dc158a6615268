/** What the queue needs from a toast library (antd's message instance in the app). */
export interface ToastBackend {
  open(key: string, text: string, durationSeconds: number, onClose: () => void): void;
  close(key: string): void;
}

export interface ToastQueue {
  error(text: string): void;
  /** Toasts currently on screen. */
  visible(): number;
}

export const TOAST_DURATION_SECONDS = 2.5;
export const TOAST_MAX_VISIBLE = 3;

/**
 * SPEC section 8: toasts last 2.5 s and at most 3 are visible; a fourth closes the oldest.
 * antd's maxCount does the same on screen; this keeps the rule true whatever the backend.
 */
export function createToastQueue(
  backend: () => ToastBackend,
  max = TOAST_MAX_VISIBLE,
  duration = TOAST_DURATION_SECONDS,
): ToastQueue {
  const active: string[] = [];
  let seq = 0;
  const forget = (key: string) => {
    const i = active.indexOf(key);
    if (i >= 0) active.splice(i, 1);
  };
  return {
    error(text) {
      const key = `toast-${++seq}`;
      while (active.length >= max) {
        const oldest = active.shift();
        if (oldest) backend().close(oldest);
      }
      active.push(key);
      backend().open(key, text, duration, () => forget(key));
    },
    visible: () => active.length,
  };
}
