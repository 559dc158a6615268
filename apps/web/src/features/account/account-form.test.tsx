import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApiError } from '../../shared/http/http-errors.ts';
import { useAccountForm } from './AccountFormParts.tsx';

vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

/* The account forms' call scaffolding: busy while submitting, failures on the line above the button. */
let host: HTMLDivElement;
let root: Root;
let hook: ReturnType<typeof useAccountForm>;

function Probe() {
  hook = useAccountForm();
  return null;
}
const failed = (code: number) => new ApiError(code, 'm', null, false);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-us', lowerCaseLng: true, resources: {} });
});
beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  root = createRoot(host);
  await act(async () => root.render(<Probe />));
});
afterEach(async () => {
  await act(async () => root.unmount());
});

describe('useAccountForm', () => {
  it('is busy while the submit runs and shows its failure', async () => {
    let fail: (e: unknown) => void = () => undefined;
    const call = vi.fn(() => new Promise((_ok, no) => (fail = no)));
    let done: Promise<void> = Promise.resolve();
    await act(async () => {
      done = hook.submit(call)({ name: 'x' });
    });
    expect(call).toHaveBeenCalledWith({ name: 'x' });
    expect(hook.busy).toBe(true);
    await act(async () => {
      fail(failed(1010));
      await done;
    });
    expect(hook.busy).toBe(false);
    expect(hook.failure).toBe('E1010');
  });

  it('clears the failure on the next submit', async () => {
    await act(() => hook.submit(() => Promise.reject(failed(1010)))(undefined));
    expect(hook.failure).toBe('E1010');
    await act(() => hook.submit(() => Promise.resolve())(undefined));
    expect(hook.failure).toBeUndefined();
  });

  it('sends a code only after the check, reports and rethrows a failed send', async () => {
    const send = vi.fn(() => Promise.reject(failed(1020)));
    const invalid = hook.sendCode(() => Promise.reject(new Error('field')), send);
    await act(() => expect(invalid()).rejects.toThrow('field'));
    expect(send).not.toHaveBeenCalled();
    expect(hook.failure).toBeUndefined();
    const run = hook.sendCode(() => Promise.resolve('13800000000'), send);
    await act(() => expect(run()).rejects.toBeInstanceOf(ApiError));
    expect(send).toHaveBeenCalledWith('13800000000');
    expect(hook.failure).toBe('E1020');
  });
});
