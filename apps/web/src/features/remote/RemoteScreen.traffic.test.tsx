import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorCode, GIB, Perm } from '@hmi/domain';
import remote from '../../i18n/en-us/remote.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { RemoteScreen } from './RemoteScreen.tsx';

/*
 * The remote screen where billing is shown (issue 24): it asks before a billable session (with
 * the traffic the device has left this month) unless told not to, and each traffic refusal says
 * what to do next with a link to My account when the user may act there.
 */
const api = vi.hoisted(() => ({ open: vi.fn(), close: vi.fn(), session: vi.fn() }));
vi.mock('./remote.api.ts', () => ({
  remoteApi: api,
  remoteKeys: { session: (id: number) => ['remote', 'session', id] },
}));
// The session never reaches noVNC here: its socket and RFB stay unused stand-ins.
vi.mock('./tunnel-connection.ts', () => ({
  loadRfb: () => new Promise(() => undefined),
  openTunnelSocket: vi.fn(),
  tunnelSocketUrl: (path: string) => path,
}));
const billing = vi.hoisted(() => ({ perms: new Set<number>(), traffic: undefined as unknown }));
vi.mock('../billing/index.ts', () => ({
  useBillingAccess: () => (rule: number | readonly number[] | 'always') =>
    rule === 'always' ||
    (typeof rule === 'number' ? billing.perms.has(rule) : rule.some((r) => billing.perms.has(r))),
  useDeviceTraffic: () => ({ data: billing.traffic, isError: false }),
  raSectionHref: (id: number) => `/billing/myAccount?ra=1&device=${id}`,
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
vi.mock('../../shared/feedback/notifier.ts', () => ({ successToast: vi.fn(), toasts: { error: vi.fn() } }));

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const click = async (testId: string) => {
  await act(async () => $(testId)!.click());
  await settle();
};
const month = new Date().toISOString().slice(0, 7);

function At() {
  const location = useLocation();
  return <div data-testid="at">{location.pathname + location.search}</div>;
}

async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/device/remote?id=7']}>
          <Routes>
            <Route path="/device/remote" element={<RemoteScreen deviceId={7} viewOnly={false} isMain />} />
            <Route path="/billing/myAccount" element={<At />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settle();
}
const refuse = (code: number, traffic?: { on: boolean; remaining_bytes: number }) =>
  api.open.mockRejectedValueOnce(new ApiError(code, 'no', traffic ? { traffic } : null, false));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { remote, common: { cancel: 'Cancel' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  localStorage.clear();
  billing.perms = new Set([Perm.AccountView, Perm.AccountRaAllocate, Perm.AccountRaCharge]);
  billing.traffic = {
    device_id: 7,
    remaining_bytes: 4 * GIB,
    cards: [],
    months: [
      { month, on: true, bytes_up: 0, bytes_down: 0, used_bytes: GIB, prompt_12g: null, updated_at: 1 },
    ],
  };
  for (const f of Object.values(api)) f.mockReset();
  api.open.mockReturnValue(new Promise(() => undefined));
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

describe('remote screen with billing', { timeout: 20_000 }, () => {
  it('asks before a billable session with the traffic left; "don\'t ask again" is kept', async () => {
    await render();
    expect(api.open).not.toHaveBeenCalled();
    expect($('remote-status')?.dataset.phase).toBe('idle');
    expect($('remote-start-traffic')?.textContent).toContain(
      `Traffic left for this device (${month}): 4.00 GB`,
    );
    expect($('remote-start-traffic')?.textContent).toContain('Used this month: 1.00 GB.');
    await click('remote-start-cancel');
    expect(api.open).not.toHaveBeenCalled();
    await click('remote-start');
    await act(async () => $('remote-start-dontask')!.click());
    await click('remote-start-confirm');
    expect(api.open).toHaveBeenCalledWith({ device_id: 7 });

    await act(async () => root.unmount());
    await render();
    // Chosen once: the next screen opens at once.
    expect($('remote-start-dialog')).toBeNull();
    expect(api.open).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'noTraffic',
      ErrorCode.E1046_INSUFFICIENT_TRAFFIC,
      { on: false, remaining_bytes: 0 },
      'Allocate traffic',
    ],
    [
      'switchedOff',
      ErrorCode.E1046_INSUFFICIENT_TRAFFIC,
      { on: false, remaining_bytes: GIB },
      'Switch the month on',
    ],
    ['expired', ErrorCode.E1057_RA_EXPIRED, { on: true, remaining_bytes: 0 }, 'Open My account'],
  ] as const)(
    '%s says what to do next and links to the device in My account',
    async (kind, code, traffic, link) => {
      localStorage.setItem('hmicloud_1.0.4_REMOTE_NO_CONFIRM', '1');
      refuse(code, traffic);
      await render();
      expect($('remote-refusal')?.dataset.refusal).toBe(kind);
      expect($('remote-refusal-link')?.textContent).toBe(link);
      await click('remote-refusal-link');
      expect($('at')?.textContent).toBe('/billing/myAccount?ra=1&device=7');
    },
  );

  it('without ra-allocate the refusal names whom to ask and links nowhere', async () => {
    localStorage.setItem('hmicloud_1.0.4_REMOTE_NO_CONFIRM', '1');
    billing.perms = new Set([Perm.AccountView]);
    refuse(ErrorCode.E1046_INSUFFICIENT_TRAFFIC, { on: false, remaining_bytes: GIB });
    await render();
    expect($('remote-refusal')?.textContent).toContain("Ask your team's main account");
    expect($('remote-refusal-link')).toBeNull();
  });

  it('a declined 12 GB prompt offers to ask again', async () => {
    localStorage.setItem('hmicloud_1.0.4_REMOTE_NO_CONFIRM', '1');
    refuse(ErrorCode.E1047_TRAFFIC_12G_CONFIRM);
    await render();
    const cancel = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].find(
      (b) => b.textContent === 'Cancel',
    );
    await act(async () => cancel?.click());
    await settle();
    expect($('remote-refusal')?.dataset.refusal).toBe('declined12g');
    refuse(ErrorCode.E1047_TRAFFIC_12G_CONFIRM);
    await click('remote-refusal-again');
    expect(api.open).toHaveBeenCalledTimes(2);
    expect($('remote-status')?.dataset.phase).toBe('confirm12g');
  });
});
