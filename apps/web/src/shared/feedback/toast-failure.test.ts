import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelledError } from '../http/http-errors.ts';

const shown = vi.hoisted(() => [] as string[]);
vi.mock('./notifier.ts', () => ({ toasts: { error: (text: string) => shown.push(text) } }));
vi.mock('../i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

const { failureText, toastFailure } = await import('./toast-failure.ts');

describe('showing a failed action without a form', () => {
  beforeEach(() => {
    shown.length = 0;
  });

  it('toasts the translated reason of a manual call, the network text for anything else', () => {
    toastFailure(new ApiError(1029, 'm', null, false));
    toastFailure(new Error('boom'));
    expect(shown).toEqual(['E1029', 'EERR_NETWORK']);
  });

  it('shows nothing for a cancelled call or one the http client already toasted', () => {
    toastFailure(new CancelledError());
    toastFailure(new ApiError(1029, 'E1029', null, true));
    expect(shown).toEqual([]);
  });

  it('failureText gives the text to embed, undefined when cancelled', () => {
    expect(failureText(new ApiError(1036, 'm', null, false))).toBe('E1036');
    expect(failureText(new CancelledError())).toBeUndefined();
  });
});
