import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@hmi/domain';
import profileTexts from '../../i18n/en-us/profile.json';
import { ApiError } from '../../shared/http/http-errors.ts';
import { stubLayoutApis } from '../../shared/testing/layout-stubs.ts';
import { DiacomCard } from './DiacomCard.tsx';

/* The DIACom switch shows getUserInfo's `diacom` and sets it with POST /user/diacom. */
const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../shared/http/http.ts', () => ({ http }));
const feedback = vi.hoisted(() => ({ successToast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../shared/feedback/notifier.ts', () => ({
  successToast: feedback.successToast,
  toasts: { error: feedback.toastError },
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));

let root: Root;
let host: HTMLDivElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function render(diacom: number | undefined) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const profile = { is_main: true, permissions: [], ...(diacom === undefined ? {} : { diacom }) };
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <DiacomCard profile={profile as unknown as UserProfile} />
      </QueryClientProvider>,
    ),
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { profile: profileTexts } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubLayoutApis();
  http.post.mockReset();
  feedback.successToast.mockReset();
  feedback.toastError.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('DIACom switch', () => {
  it('shows the profile state with its explanation', async () => {
    await render(1);
    expect($('diacom-switch')?.getAttribute('aria-checked')).toBe('true');
    expect($('diacom-card')?.textContent).toContain('DIACom app');
    await act(async () => root.unmount());
    await render(undefined);
    expect($('diacom-switch')?.getAttribute('aria-checked')).toBe('false');
  });

  it('switching on posts enabled: true', async () => {
    http.post.mockResolvedValue({ enabled: true });
    await render(0);
    await act(async () => $('diacom-switch')?.click());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(http.post).toHaveBeenCalledWith('/user/diacom', { enabled: true }, { manual: true });
    expect(feedback.successToast).toHaveBeenCalledWith('DIACom is on');
  });

  it('a refusal is toasted, translated', async () => {
    http.post.mockRejectedValue(new ApiError(1002, 'no', null, false));
    await render(1);
    await act(async () => $('diacom-switch')?.click());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(http.post).toHaveBeenCalledWith('/user/diacom', { enabled: false }, { manual: true });
    expect(feedback.toastError).toHaveBeenCalledWith('E1002');
  });
});
