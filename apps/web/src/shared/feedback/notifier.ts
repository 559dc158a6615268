import type { MessageInstance } from 'antd/es/message/interface';
import { createToastQueue, type ToastBackend } from './toast-queue.ts';

/** The themed message instance of <NotifierBridge/>, registered once its holder has mounted. */
let instance: MessageInstance | undefined;
/** Calls made before the holder exists, in order (an open and the close of the same toast...). */
const waiting: ((api: MessageInstance) => void)[] = [];
/** Asks <NotifierBridge/> to mount the holder (set while the bridge is mounted). */
let holderWanted: (() => void) | undefined;
/** The static message's chunk while it loads (no bridge mounted). */
let staticLoad: Promise<void> | undefined;

export function registerMessageInstance(next: MessageInstance | undefined): void {
  instance = next;
  if (next) for (const call of waiting.splice(0)) call(next);
}

/** <NotifierBridge/> registers how to mount the message holder on the first toast. */
export function onHolderWanted(mount: (() => void) | undefined): void {
  holderWanted = mount;
  if (mount && waiting.length) mount();
}

/**
 * Runs `call` with the themed message instance. antd's message (and rc-notification) is not part
 * of a first visit: the holder mounts, and its chunk loads, on the first toast. Without a bridge
 * (code running outside the console's React tree) antd's static message is used.
 */
function withMessage(call: (api: MessageInstance) => void): void {
  if (instance) return call(instance);
  waiting.push(call);
  if (holderWanted) holderWanted();
  else
    staticLoad ??= import('antd/es/message').then(({ default: staticMessage }) => {
      staticLoad = undefined;
      if (!instance && !holderWanted) registerMessageInstance(staticMessage);
    });
}

/**
 * For the web tests' teardown (test-setup/act-environment.ts): drops the toasts still waiting for
 * antd's static message and lets its chunk finish loading inside the file. A toast raised at the
 * end of a file without the console's bridge otherwise loaded antd's message (and its locale
 * chain) as the file's environment closed, or rendered it after jsdom was gone: either is an
 * unhandled error of the whole run.
 */
export async function settleToastsForTeardown(): Promise<void> {
  waiting.length = 0;
  await staticLoad;
}

/** A success toast through the same themed instance (not counted against the error queue). */
export function successToast(text: string): void {
  withMessage((api) => void api.success(text));
}

const backend = (): ToastBackend => ({
  open: (key, text, duration, onClose) =>
    withMessage((api) => void api.open({ key, type: 'error', content: text, duration, onClose })),
  close: (key) => withMessage((api) => api.destroy(key)),
});

/** Error toasts for code outside React (the HTTP client): 2.5 s, at most 3 visible. */
export const toasts = createToastQueue(backend);
