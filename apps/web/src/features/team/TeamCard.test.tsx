import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@hmi/domain';
import team from '../../i18n/en-us/team.json';
import common from '../../i18n/en-us/common.json';
import { TeamCard } from './TeamCard.tsx';

const post = vi.fn();
vi.mock('../../shared/http/http.ts', () => ({
  http: { post: (...a: unknown[]) => post(...a), get: vi.fn() },
}));
vi.mock('../../shared/i18n/i18n.ts', () => ({ errorText: (code: number | string) => `E${code}` }));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../shared/feedback/notifier.ts', () => ({
  successToast: toasts.success,
  toasts: { error: toasts.error },
}));

type TeamProfile = Pick<UserProfile, 'team_name' | 'is_main' | 'role' | 'zones'>;
const mainProfile: TeamProfile = { team_name: 'Acme', is_main: true, role: null, zones: [] };
const member: TeamProfile = {
  team_name: 'Acme',
  is_main: false,
  role: { id: 3, name: 'Operator' },
  zones: [{ id: 1, name: 'HallA' }],
};

let root: Root;
let host: HTMLDivElement;
let client: QueryClient;
let router: ReturnType<typeof createMemoryRouter>;
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function render(profile: TeamProfile) {
  client = new QueryClient();
  router = createMemoryRouter(
    [
      { path: '/system/profile', element: <TeamCard profile={profile} /> },
      { path: '/', element: <div data-testid="start" /> },
    ],
    { initialEntries: ['/system/profile'] },
  );
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { team, common } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // antd's responsive columns ask the browser's media queries; jsdom has none.
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
  post.mockReset();
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('TeamCard', () => {
  it('main account: team, "Main account (owner)", all zones, and no leave button', async () => {
    await render(mainProfile);
    expect(q('team-card-name')?.textContent).toBe('Acme');
    expect(q('team-card-role')?.textContent).toBe('Main account (owner)');
    expect(q('team-card-zones')?.textContent).toBe('All zones');
    expect(q('team-leave')).toBeNull();
  });

  it('member: its role and zones; "No zone" without any', async () => {
    await render(member);
    expect(q('team-card-role')?.textContent).toBe('Operator');
    expect(q('team-card-zones')?.textContent).toBe('HallA');
    expect(q('team-leave')).not.toBeNull();
    await act(async () => root.unmount());
    await render({ ...member, zones: [] });
    expect(q('team-card-zones')?.textContent).toBe('No zone');
  });

  it('leaving: the dialog explains it; OK posts /team/leave, toasts, invalidates everything, goes to /', async () => {
    post.mockResolvedValue(null);
    await render(member);
    client.setQueryData(['session', 'userInfo'], { is_main: false });
    client.setQueryData(['device', 'list', {}], { list: [] });
    await act(async () => q('team-leave')!.click());
    const points = q('team-leave-points')?.textContent ?? '';
    expect(points).toContain('plain account again');
    expect(points).toContain('The team keeps its devices');
    expect(points).toContain('billing cards and records stay yours');
    await act(async () => q('team-leave-confirm')!.click());
    expect(post).toHaveBeenCalledWith('/team/leave', undefined, { manual: true });
    expect(toasts.success).toHaveBeenCalledWith('You left Acme.');
    expect(client.getQueryState(['session', 'userInfo'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['device', 'list', {}])?.isInvalidated).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('a failed leave is toasted translated and stays on the page', async () => {
    const { ApiError } = await import('../../shared/http/http-errors.ts');
    post.mockRejectedValue(new ApiError(1071, 'E1071', null, false));
    await render(member);
    await act(async () => q('team-leave')!.click());
    await act(async () => q('team-leave-confirm')!.click());
    expect(toasts.error).toHaveBeenCalledWith('E1071');
    expect(router.state.location.pathname).toBe('/system/profile');
  });
});
