import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cardCheckChar, validationMessages } from '@hmi/domain';
import billing from '../../i18n/en-us/billing.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { ActivateCardDialog } from './ActivateCardDialog.tsx';

const api = vi.hoisted(() => ({ activate: vi.fn(), cardTypes: vi.fn() }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('./billing.api.ts', () => ({
  billingApi: api,
  billingKeys: {
    all: ['billing'],
    cardTypes: ['billing', 'cardTypes'],
    myAccount: ['billing', 'myAccount'],
    allocations: ['billing', 'allocations'],
    recordsAll: ['billing', 'records'],
  },
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: toast }));

/*
 * Activating a card: the number and password are checked with the domain's card validators before
 * any call (a mistyped check symbol too), a wrong pair is said above the buttons (the server does
 * not tell which half is wrong), a mistyped number the server caught goes under the number, and
 * an activated card closes the dialog with a toast.
 */
const tail = (body: string) => body + cardCheckChar(body)!;
const GOOD = tail('AB23CD4');
const TYPO = GOOD.slice(0, 6) + GOOD[7] + GOOD[6]; // neighbours swapped

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function render(onSwitch?: (type: 'ca' | 'ra') => void) {
  const onClose = vi.fn();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: false }, queries: { retry: false } },
  });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <ActivateCardDialog
          type="ca"
          onClose={onClose}
          {...(onSwitch ? { onSwitch, canSwitch: () => true } : {})}
        />
      </QueryClientProvider>,
    ),
  );
  return onClose;
}

async function type(input: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
async function submit() {
  await act(async () => $('activate-submit')!.click());
  await settle();
}
const explainOf = (testId: string) =>
  $(testId)!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const en = validationMessages['en-us'];

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { billing, validation: en, common: { cancel: 'Cancel' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  api.activate.mockReset();
  api.cardTypes.mockResolvedValue({
    list: [{ type: 'ca', name_key: 'billing:cardType.ca', quota_fields: [], validity_years: 1 }],
  });
  toast.mockReset();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('ActivateCardDialog', { timeout: 30_000 }, () => {
  it('names the card type it activates', async () => {
    await render();
    expect($('activate-dialog')!.textContent).toContain('Activate Cloud Application card');
  });

  it('blocks a malformed number and password without calling', async () => {
    await render();
    await type($('card-number')!, 'AB-1');
    await type($('card-password')!, 'short');
    await submit();
    expect(api.activate).not.toHaveBeenCalled();
    expect(explainOf('card-number')).toBe(en['validation.card.numberInvalid']);
    expect(explainOf('card-password')).toBe(en['validation.card.passwordInvalid']);
  });

  it('blocks a number whose check symbol is wrong (a typo) without calling', async () => {
    await render();
    await type($('card-number')!, TYPO);
    await type($('card-password')!, 'PW23PW45');
    await submit();
    expect(api.activate).not.toHaveBeenCalled();
    expect(explainOf('card-number')).toBe(en['validation.card.numberChecksum']);
  });

  it('says a wrong pair above the buttons and a server-caught typo under the number', async () => {
    api.activate.mockRejectedValueOnce(new ApiError(1043, 'E_CLOUD_CARD_PWD_ERR', null, false));
    const onClose = await render();
    await type($('card-number')!, ` ${GOOD} `);
    await type($('card-password')!, 'PW23PW45');
    await submit();
    expect(api.activate).toHaveBeenCalledWith('ca', { number: GOOD, password: 'PW23PW45' });
    expect($('activate-error')!.textContent).toContain('E1043');
    expect(explainOf('card-number')).toBe('');
    expect(onClose).not.toHaveBeenCalled();

    api.activate.mockRejectedValueOnce(
      new ApiError(
        1006,
        'm',
        { where: 'body', fields: [{ path: 'number', message: 'validation.card.numberChecksum' }] },
        false,
      ),
    );
    await submit();
    expect(explainOf('card-number')).toBe(en['validation.card.numberChecksum']);
    expect($('activate-error')).toBeNull();
  });

  it('says an RA card typed in the CA dialog is one, under the number, and offers the RA dialog', async () => {
    api.activate.mockRejectedValueOnce(
      new ApiError(
        1006,
        'm',
        { where: 'body', fields: [{ path: 'number', message: 'validation.card.isRemoteAccess' }] },
        false,
      ),
    );
    const onSwitch = vi.fn();
    await render(onSwitch);
    await type($('card-number')!, GOOD);
    await type($('card-password')!, 'PW23PW45');
    await submit();
    expect(explainOf('card-number')).toBe(en['validation.card.isRemoteAccess']);
    expect($('activate-error')).toBeNull();
    await act(async () => $('activate-switch-type')!.click());
    expect(onSwitch).toHaveBeenCalledWith('ra');
  });

  it('closes with a toast once the card is activated', async () => {
    api.activate.mockResolvedValue({ id: 3, type: 'ca', number: `****${GOOD}` });
    const onClose = await render();
    await type($('card-number')!, GOOD);
    await type($('card-password')!, 'PW23PW45');
    await submit();
    expect(onClose).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(`Cloud Application card ****${GOOD} activated.`);
  });
});
