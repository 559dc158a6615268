import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import type * as Notifier from './notifier.ts';

/*
 * antd's message is not part of a first visit (issue 23 item 11): the holder mounts on the first
 * toast. Toasts asked for before it exists are shown, in order, once it has registered.
 */
type Notifier = typeof Notifier;

function fakeMessage() {
  const calls: string[] = [];
  const api = {
    open: vi.fn((o: { key: string; content: string }) => calls.push(`open ${o.key} ${o.content}`)),
    destroy: vi.fn((key: string) => calls.push(`destroy ${key}`)),
    success: vi.fn((text: string) => calls.push(`success ${text}`)),
  };
  return { api: api as unknown as MessageInstance, calls };
}

let notifier: Notifier;
beforeEach(async () => {
  vi.resetModules();
  notifier = await import('./notifier.ts');
});

describe('the toast holder', () => {
  it('is asked for on the first toast only, and shows what was asked meanwhile in order', () => {
    const mount = vi.fn();
    notifier.onHolderWanted(mount);
    expect(mount).not.toHaveBeenCalled();

    for (const text of ['a', 'b', 'c', 'd']) notifier.toasts.error(text);
    notifier.successToast('saved');
    expect(mount).toHaveBeenCalled();

    const { api, calls } = fakeMessage();
    notifier.registerMessageInstance(api);
    // At most 3 visible: the fourth closes the oldest, after it was opened.
    expect(calls).toEqual([
      'open toast-1 a',
      'open toast-2 b',
      'open toast-3 c',
      'destroy toast-1',
      'open toast-4 d',
      'success saved',
    ]);

    notifier.toasts.error('e');
    expect(calls.at(-2)).toBe('destroy toast-2');
    expect(calls.at(-1)).toBe('open toast-5 e');
  });

  it('mounts when the bridge arrives after a toast was asked for', () => {
    notifier.toasts.error('early');
    const mount = vi.fn();
    notifier.onHolderWanted(mount);
    expect(mount).toHaveBeenCalledTimes(1);
    const { api, calls } = fakeMessage();
    notifier.registerMessageInstance(api);
    expect(calls).toEqual(['open toast-1 early']);
  });
});
