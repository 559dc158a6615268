import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import billing from '../../i18n/en-us/billing.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { TrafficMonthSwitch } from './TrafficMonthSwitch.tsx';
import type { MonthRow } from './traffic-display.ts';

const api = vi.hoisted(() => ({ switchMonth: vi.fn() }));
vi.mock('./billing.api.ts', () => ({
  billingApi: api,
  billingKeys: {
    trafficAll: ['billing', 'traffic'],
    myAccount: ['billing', 'myAccount'],
    recordsAll: ['billing', 'records'],
  },
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

/* The month switch: on asks first (it cannot be switched off this month), on stays on, 12G is answered. */
let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
const row = (over: Partial<MonthRow> = {}): MonthRow => ({
  device_id: 7,
  name: 'Lathe',
  month: '2026-11',
  on: false,
  used_bytes: 0,
  remaining_bytes: 1024,
  prompt_12g: null,
  bytes_up: 0,
  bytes_down: 0,
  ...over,
});

async function render(r: MonthRow) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <TrafficMonthSwitch row={r} current="2026-11" />
      </QueryClientProvider>,
    ),
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { billing, common: { cancel: 'Cancel' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  api.switchMonth.mockReset().mockResolvedValue({});
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('TrafficMonthSwitch', { timeout: 30_000 }, () => {
  it('switching on asks first, saying it cannot be switched off this month', async () => {
    await render(row());
    await act(async () => $('traffic-switch')!.click());
    await settle();
    expect(api.switchMonth).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
      'cannot be switched off this month',
    );
    await act(async () => $('traffic-on-confirm')!.click());
    await settle();
    expect(api.switchMonth).toHaveBeenCalledWith({ device_id: 7, month: '2026-11', on: true });
  });

  it('stays on this month, is read only for a past month, waits for traffic', async () => {
    for (const r of [row({ on: true }), row({ month: '2026-10' }), row({ remaining_bytes: 0 })]) {
      await render(r);
      expect(($('traffic-switch') as HTMLButtonElement).disabled).toBe(true);
      await act(async () => root.unmount());
      host.remove();
    }
    await render(row({ on: true, month: '2026-12' }));
    await act(async () => $('traffic-switch')!.click());
    await settle();
    // A month to come goes off without a question.
    expect(api.switchMonth).toHaveBeenCalledWith({ device_id: 7, month: '2026-12', on: false });
  });

  it('answers the 12G prompt', async () => {
    await render(row({ on: true, used_bytes: 13 * 1024 ** 3, prompt_12g: 1047 }));
    await act(async () => $('traffic-12g')!.click());
    await settle();
    await act(async () => $('traffic-12g-confirm')!.click());
    await settle();
    expect(api.switchMonth).toHaveBeenCalledWith({
      device_id: 7,
      month: '2026-11',
      on: true,
      confirm_12g: true,
    });
  });
});
