import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@hmi/domain';
import profileTexts from '../../i18n/en-us/profile.json';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';

/* The API keys card: makes a key with the caller's permissions (or read-only) and shows it once. */
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../shared/http/http.ts', () => ({ http }));

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const wait = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { profile: profileTexts, common: {} } },
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
  vi.clearAllMocks();
});

describe('ApiKeysCard', () => {
  it('creates a read-only key with the caller permissions and shows it once', async () => {
    http.get.mockResolvedValue({ list: [], max: 20 });
    http.post.mockResolvedValueOnce({
      id: 3,
      name: 'MES',
      prefix: 'hmk_abcdef',
      permissions: [2, 8],
      read_only: true,
      device_ids: null,
      created_at: 1,
      expires_at: 2,
      last_used_at: null,
      writes: 0,
      key: 'hmk_abcdefSECRET',
    });
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    const profile = { permissions: [2, 8] } as unknown as UserProfile;
    await act(async () =>
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <ApiKeysCard profile={profile} />
        </QueryClientProvider>,
      ),
    );
    expect(host.textContent).toContain(profileTexts.apiKeys.none);
    await act(async () => $('new-api-key')!.click());
    const name = $('api-key-name') as HTMLInputElement;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(name, 'MES');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => $('api-key-read-only')!.click());
    await act(async () => {
      $('create-api-key')!.click();
      await wait();
    });
    await act(wait);
    expect(http.post).toHaveBeenCalledWith(
      '/apikey/add',
      { name: 'MES', expires_in_days: 90, permissions: [2, 8], read_only: true },
      { manual: true },
    );
    expect($('api-key-secret')!.textContent).toContain('hmk_abcdefSECRET');
  });
});
