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

describe('a visit with a token', () => {
  it.each(['#/device/devicelist', '#/no/such/page', '#/'])('"%s" is left to the guard', (hash) => {
    localStorage.setItem(STORAGE_PREFIX + StorageKey.TOKEN, 'a-token');
    const at = start(hash);
    expect(at.pathname).toBe(hash.slice(1));
    expect(at.paths).toContain('/');
  });
});

/** The paths of the signed-in frame's children as the router holds them now. */
function framePaths(routes: readonly RouteObject[]): (string | undefined)[] | undefined {
  for (const route of routes) {
    if (route.id === 'shell-frame') return route.children?.map((c) => (c.index ? '(index)' : c.path));
    const inner = framePaths(route.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

describe("the shell's pages", () => {
  it('are not part of the start: a public page leaves them out', async () => {
    window.history.replaceState(null, '', '#/serviceagreement/en');
    const router = createRouter();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(framePaths(router.routes)).toEqual(['(index)', '*']);
    router.dispose();
  });

  it('are added on the first navigation into the shell (a deep link with a token)', async () => {
    localStorage.setItem(STORAGE_PREFIX + StorageKey.TOKEN, 'a-token');
    window.history.replaceState(null, '', '#/device/devicelist');
    const router = createRouter();
    await vi.waitFor(() => expect(framePaths(router.routes)).toContain('device/devicelist'), {
      timeout: 10_000,
    });
    expect(framePaths(router.routes)).toContain('system/profile');
    router.dispose();
  });
});
