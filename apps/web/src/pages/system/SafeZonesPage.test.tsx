import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Perm, type ZoneListReply } from '@hmi/domain';
import { SafeZonesPage } from './SafeZonesPage.tsx';
import zone from '../../i18n/en-us/zone.json';
import common from '../../i18n/en-us/common.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';

/* The zone screen's head: usage from the reply, the add button only with add (30), off at the max. */
const list = vi.hoisted(() => vi.fn());
vi.mock('../../features/zone/zone.api.ts', () => ({
  zoneApi: { list },
  zoneKeys: { all: ['zone'], list: ['zone', 'list'] },
}));
const granted = vi.hoisted(() => new Set<number>());
vi.mock('../../shared/session/use-permission.ts', () => ({
  usePermission: () => (rule: number) => granted.has(rule),
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

let root: Root;
let host: HTMLDivElement;
const byTestId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`[data-testid="${id}"]`);
const zones = (n: number, max = 20): ZoneListReply => ({
  max,
  list: Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Zone${i + 1}`,
    device_count: 0,
    role_count: 0,
    created_at: 0,
  })),
});

async function render(reply: ZoneListReply) {
  list.mockResolvedValue(reply);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <SafeZonesPage />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(byTestId('zone-usage')!.textContent).toContain('of'));
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { zone, common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  granted.clear();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('SafeZonesPage', { timeout: 20_000 }, () => {
  it('shows the usage and no add, rename or delete without their permissions', async () => {
    granted.add(Perm.SafeZoneView);
    await render(zones(2));
    expect(byTestId('zone-usage')!.textContent).toBe('2 of 20 zones');
    expect(byTestId('zone-add')).toBeNull();
    expect(byTestId('zone-rename-1')).toBeNull();
    expect(byTestId('zone-delete-1')).toBeNull();
  });

  it('offers add with permission 30 and turns it off at the maximum of the reply', async () => {
    granted.add(Perm.SafeZoneView).add(Perm.SafeZoneAdd);
    await render(zones(2, 3));
    expect(byTestId<HTMLButtonElement>('zone-add')!.disabled).toBe(false);
    await act(async () => root.unmount());
    await render(zones(3, 3));
    expect(byTestId('zone-usage')!.textContent).toBe('3 of 3 zones');
    expect(byTestId<HTMLButtonElement>('zone-add')!.disabled).toBe(true);
  });
});
