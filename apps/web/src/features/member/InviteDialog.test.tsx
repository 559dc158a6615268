import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { validationMessages } from '@hmi/domain';
import member from '../../i18n/en-us/member.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

const invite = vi.hoisted(() => vi.fn());
vi.mock('./member.api.ts', () => ({ memberApi: { invite }, memberKeys: { all: ['member'] } }));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn() }));

/*
 * Inviting: the account is checked with the register forms' validators, the body carries the
 * area code only for a phone, and a refused invitation shows its reason where it belongs
 * (the account's under the account, a failed mail above the buttons).
 */
let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function render() {
  const handlers = { onClose: vi.fn(), onInvited: vi.fn() };
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <InviteDialog open roles={[{ id: 2, name: 'Engineer' }]} rolesLoading={false} {...handlers} />
      </QueryClientProvider>,
    ),
  );
  return handlers;
}

async function type(input: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function pickRole() {
  const select = $('invite-role')!.closest('.ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (o) => o.textContent === 'Engineer',
  )!;
  await act(async () => option.click());
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
async function submit() {
  await act(async () => $('invite-submit')!.click());
  await settle();
}
const explainOf = (testId: string) =>
  $(testId)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { member, validation: validationMessages['en-us'] } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  invite.mockReset();
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('InviteDialog', { timeout: 30_000 }, () => {
  it('refuses a malformed email and a missing role without calling', async () => {
    await render();
    await type($('invite-account')!, 'not-an-email');
    await submit();
    expect(invite).not.toHaveBeenCalled();
    expect(explainOf('invite-account')).not.toBe('');
    expect(explainOf('invite-role')).toBe('Choose a role.');
  });

  it('invites by phone with the area code, then closes and shows the invitations', async () => {
    invite.mockResolvedValue({ id: 1 });
    const handlers = await render();
    await act(async () => $('invite-by-phone')!.click());
    await type($('invite-account')!, '13800138000');
    await pickRole();
    await submit();
    expect(invite.mock.calls[0]![0]).toEqual({ account: '13800138000', area_code: '+86', role_id: 2 });
    expect(handlers.onClose).toHaveBeenCalled();
    expect(handlers.onInvited).toHaveBeenCalled();
  });

  it('shows an account refusal under the account and a failed mail above the buttons', async () => {
    invite.mockRejectedValueOnce(new ApiError(1076, 'm', null, false));
    const handlers = await render();
    await type($('invite-account')!, 'ada@example.com');
    await pickRole();
    await submit();
    expect(invite.mock.calls[0]![0]).toEqual({ account: 'ada@example.com', role_id: 2 });
    expect(explainOf('invite-account')).toBe('E1076');
    expect($('invite-error')).toBeNull();

    invite.mockRejectedValueOnce(new ApiError(1064, 'm', null, false));
    await submit();
    expect($('invite-error')!.textContent).toContain('E1064');
    expect(handlers.onClose).not.toHaveBeenCalled();
  });
});
