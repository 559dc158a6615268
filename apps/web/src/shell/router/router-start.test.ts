import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { STORAGE_PREFIX, StorageKey } from '../../shared/storage/storage-keys.ts';
import { createRouter, signedOutEntry } from './router.tsx';

/*
 * Issue 23 item 11: without a token, every way in that is not a public page starts at /login
 * before the router runs, so the first visit never fetches the guard, the signed-in shell, its
 * screens and the console's texts only to be sent to /login (421 KB of script instead of 297).
 */
const WAYS_IN = [
  '',
  '#',
  '#/',
  '#/no/such/page',
  '#/device/devicelist',
  '#/system/profile?x=1',
  '#/operations',
];
const PUBLIC = [
  '#/login',
  '#/login?reason=1055',
  '#/login?templateid=42',
  '#/register?mode=forgot',
  '#/scada',
  '#/activeresult',
  '#/appdownload',
  '#/serviceagreement/en',
  '#/privacyagreement/cn',
];

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '#/');
});

/** The router as the console starts it at `hash`: where it is and which routes it matched. */
function start(hash: string) {
  window.history.replaceState(null, '', hash || window.location.pathname);
  const router = createRouter();
  const state = { pathname: router.state.location.pathname, search: router.state.location.search };
  const paths = router.state.matches.map((m) => m.route.path);
  router.dispose();
  return { ...state, paths };
}

describe('a visit without a token', () => {
  it.each(WAYS_IN)('"%s" starts at /login, never on the signed-in shell', (hash) => {
    expect(signedOutEntry(hash)).toBe('#/login');
    const at = start(hash);
    expect(at.pathname).toBe('/login');
    expect(at.search).toBe('');
    expect(at.paths).not.toContain('/');
  });

  it.each(PUBLIC)('"%s" (a public page) opens as asked', (hash) => {
    expect(signedOutEntry(hash)).toBeNull();
    const at = start(hash);
    const [path, search = ''] = hash.slice(1).split('?');
    expect(at.pathname).toBe(path);
    expect(at.search).toBe(search ? `?${search}` : '');
  });
});

/** The paths of the routes under the root as the router holds them now. */
const rootPaths = (routes: readonly RouteObject[]) => routes[0]?.children?.map((c) => c.path);

/** Every path of the router's route tree, joined from the root. */
function allPaths(routes: readonly RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const path = r.path ? `${base.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}` : base;
    return [path, ...allPaths(r.children ?? [], path)];
  });
}

describe('the signed-in shell', () => {
  it.each(['#/serviceagreement/en', '#/no/such/page', '#/device/devicelist', '#/'])(
    'is not part of the router without a token (%s)',
    async (hash) => {
      window.history.replaceState(null, '', hash);
      const router = createRouter();
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      // A navigation inside the app (a hash typed into the address bar) does not add it either.
      // (the catch-all's <Navigate> then leads to /login when rendered).
      for (const path of ['/device/devicelist', '/']) {
        await router.navigate(path);
        expect(router.state.matches.map((m) => m.route.path)).toEqual([undefined, '*']);
      }
      expect(rootPaths(router.routes)).not.toContain('/');
      router.dispose();
    },
  );

  it.each(['#/device/devicelist', '#/no/such/page', '#/'])(
    'is added, with its pages, on the first navigation with a token (%s)',
    async (hash) => {
      localStorage.setItem(STORAGE_PREFIX + StorageKey.TOKEN, 'a-token');
      const at = start(hash);
      expect(at.pathname).toBe(hash.slice(1));
      window.history.replaceState(null, '', hash);
      const router = createRouter();
      await vi.waitFor(() => expect(rootPaths(router.routes)).toContain('/'), { timeout: 10_000 });
      expect(allPaths(router.routes)).toEqual(
        expect.arrayContaining(['/device/devicelist', '/system/profile', '/*']),
      );
      router.dispose();
    },
  );

  it('is added once a visitor signs in on the login page', async () => {
    window.history.replaceState(null, '', '#/login');
    const router = createRouter();
    await router.navigate('/');
    expect(rootPaths(router.routes)).not.toContain('/');
    localStorage.setItem(STORAGE_PREFIX + StorageKey.TOKEN, 'a-token');
    void router.navigate('/');
    await vi.waitFor(() => expect(rootPaths(router.routes)).toContain('/'), { timeout: 10_000 });
    router.dispose();
  });
});
