import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Perm, type DeviceTagQuota } from '@hmi/domain';
import billing from '../../i18n/en-us/billing.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { DeviceQuotaAlert, deviceQuotaWarning } from './DeviceQuotaAlert.tsx';

const api = vi.hoisted(() => ({ deviceTags: vi.fn() }));
const access = vi.hoisted(() => ({ allowed: new Set<number>() }));
vi.mock('./billing.api.ts', () => ({
  billingApi: api,
  billingKeys: { deviceTags: (id: number) => ['billing', 'deviceTags', id] },
}));
vi.mock('./use-billing-access.ts', () => ({
  useBillingAccess: () => (p: number) => access.allowed.has(p),
}));

const quota = (q: Partial<DeviceTagQuota>): DeviceTagQuota => ({
  device_id: 7,
  template_id: 3,
  template_tags: 52,
  tag_count: 52,
  tag_limit: 50,
  level: 1,
  interval_s: 60,
  template_locked: false,
  ...q,
});

describe('deviceQuotaWarning', () => {
  it('names the lock first, then template TAGs beyond the limit, then points beyond it', () => {
    expect(deviceQuotaWarning(quota({ template_locked: true }))).toBe('locked');
    expect(deviceQuotaWarning(quota({}))).toBe('template');
    expect(deviceQuotaWarning(quota({ template_tags: 50, tag_count: 51 }))).toBe('points');
    expect(deviceQuotaWarning(quota({ template_tags: 50, tag_count: 50 }))).toBeNull();
    expect(deviceQuotaWarning(quota({ tag_limit: 100 }))).toBeNull();
  });
});

let root: Root | undefined;
let host: HTMLDivElement | undefined;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  const r = (root = createRoot(host));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    r.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DeviceQuotaAlert deviceId={7} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await act(() => new Promise((r) => setTimeout(r, 50)));
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { billing } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  api.deviceTags.mockReset();
  access.allowed = new Set([Perm.DeviceView, Perm.AccountView]);
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('DeviceQuotaAlert', () => {
  it('warns when the template has more TAGs than the device may collect, with the way to My account', async () => {
    api.deviceTags.mockResolvedValue(quota({}));
    await render();
    expect(api.deviceTags).toHaveBeenCalledWith(7, expect.anything());
    const alert = $('devpage-quota-warning')!;
    expect(alert.dataset.kind).toBe('template');
    expect(alert.textContent).toContain('The template has 52 TAGs, this device may collect 50');
    expect(alert.textContent).toContain('must be at least the template TAG count');
    expect($('devpage-quota-account')!.getAttribute('href')).toBe('/billing/myAccount');
  });

  it('says a locked template; no link without myAccount view', async () => {
    access.allowed = new Set([Perm.DeviceView]);
    api.deviceTags.mockResolvedValue(quota({ template_locked: true, tag_limit: 100 }));
    await render();
    expect($('devpage-quota-warning')!.dataset.kind).toBe('locked');
    expect($('devpage-quota-warning')!.textContent).toContain('1052');
    expect($('devpage-quota-account')).toBeNull();
  });

  it('says nothing when everything fits', async () => {
    api.deviceTags.mockResolvedValue(quota({ tag_limit: 100 }));
    await render();
    expect(api.deviceTags).toHaveBeenCalled();
    expect($('devpage-quota-warning')).toBeNull();
  });

  it('asks nothing where billing is closed (region cn)', async () => {
    api.deviceTags.mockResolvedValue(quota({}));
    access.allowed = new Set();
    await render();
    expect(api.deviceTags).not.toHaveBeenCalled();
    expect($('devpage-quota-warning')).toBeNull();
  });
});
