import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@hmi/domain';
import profileTexts from '../../i18n/en-us/profile.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { storage } from '../../shared/storage/storage.ts';
import { STORAGE_PREFIX, StorageKey } from '../../shared/storage/storage-keys.ts';
import { DataCentersCard } from './DataCentersCard.tsx';

/* "Add data center" offers only the regions the server can provision (getUserInfo peer_regions). */
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../shared/http/http.ts', () => ({ http }));

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function render(profile: Partial<UserProfile>) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const full = { is_main: true, permissions: [], data_center: 'eu', ...profile };
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <DataCentersCard profile={full as unknown as UserProfile} />
      </QueryClientProvider>,
    ),
  );
}

async function openOptions(): Promise<string[]> {
  const select = $('add-center-select')!.querySelector('.ant-select-selector') ?? $('add-center-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: {
      'en-us': {
        profile: profileTexts,
        common: { region: { cn: 'China', in: 'India', eu: 'Europe' } },
      },
    },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('DataCentersCard', () => {
  it('hides the action on a server with no peer regions, and says so', async () => {
    await render({ peer_regions: [] });
    expect($('add-center-select')).toBeNull();
    expect($('add-center')).toBeNull();
    expect(host.textContent).toContain(profileTexts.dataCenter.textNone);
  });

  it('hides it when the server does not say (an older server: nothing it could not add)', async () => {
    await render({});
    expect($('add-center')).toBeNull();
  });

  it('offers only the peer regions the account does not have yet', async () => {
    await render({ data_center: 'eu,in', peer_regions: ['in', 'cn'] });
    expect($('add-center')).not.toBeNull();
    expect(await openOptions()).toEqual(['China']);
  });

  it('marks the region the console works in and switches to another without signing in again', async () => {
    localStorage.setItem(STORAGE_PREFIX + StorageKey.CURRENTREGION, 'cn');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    http.get.mockResolvedValueOnce({ host: 'https://eu.example.com', region: 'eu' });
    await render({ data_center: 'cn,eu', peer_regions: [] });
    expect($('center-cn')!.textContent).toContain(profileTexts.dataCenter.current);
    expect($('switch-center-cn')).toBeNull();
    await act(async () => $('switch-center-eu')!.click());
    expect(http.get).toHaveBeenCalledWith('/global/region', { params: { region: 'eu' } });
    expect(storage.host()).toBe('https://eu.example.com');
    expect(storage.get(StorageKey.CURRENTREGION)).toBe('eu');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('hides it once every peer region is added', async () => {
    await render({ data_center: 'eu,in', peer_regions: ['in'] });
    expect($('add-center')).toBeNull();
  });
});
