import { createHashRouter, matchRoutes, Navigate, type DOMRouterOpts, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { LoginPage } from '../../pages/login/LoginPage.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import type { ShellPage } from './shell-pages.ts';
import { loadConsoleTexts, loadPublicTexts } from '../../shared/i18n/i18n.ts';
import { storage } from '../../shared/storage/storage.ts';

/** A public page's module with the public pages' texts (the login page's came at start). */
const publicPage =
  <T,>(load: () => Promise<T>, pick: (m: T) => RouteObject['Component']) =>
  () =>
    Promise.all([load(), loadPublicTexts()]).then(([m]) => ({ Component: pick(m) }));

/** Public routes other than /login are fetched when first visited. */
const publicRoutes: RouteObject[] = [
  {
    path: 'scada',
    handle: { title: 'scada:title' },
    lazy: publicPage(
      () => import('../../pages/scada/ScadaPage.tsx'),
      (m) => m.ScadaPage,
    ),
  },
  {
    path: 'register',
    handle: { title: 'register:title' },
    lazy: publicPage(
      () => import('../../pages/register/RegisterPage.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'activeresult',
    handle: { title: 'activation:title' },
    lazy: publicPage(
      () => import('../../pages/activation/ActivationResultPage.tsx'),
      (m) => m.ActivationResultPage,
    ),
  },
  {
    path: 'appdownload',
    handle: { title: 'download:title' },
    lazy: publicPage(
      () => import('../../pages/app-download/AppDownloadPage.tsx'),
      (m) => m.AppDownloadPage,
    ),
  },
  {
    path: 'serviceagreement/:lang',
    handle: { title: 'agreement:service.title' },
    lazy: publicPage(
      () => import('../../pages/agreement/ServiceAgreementPage.tsx'),
      (m) => m.ServiceAgreementPage,
    ),
  },
  {
    path: 'privacyagreement/:lang',
    handle: { title: 'agreement:privacy.title' },
    lazy: publicPage(
      () => import('../../pages/agreement/PrivacyAgreementPage.tsx'),
      (m) => m.PrivacyAgreementPage,
    ),
  },
];

const startRedirect = () => import('./StartRedirect.tsx').then((m) => ({ Component: m.StartRedirect }));

/** The root route: the shell is patched into it (shellPatcher). */
const ROOT = 'root';

/** The signed-in shell: guard, frame, then one lazily loaded chunk per implemented page. */
function shellRoute(pages: readonly ShellPage[]): RouteObject {
  return {
    path: '/',
    // The console's texts come with the guard (the login page's were loaded at start).
    lazy: () =>
      Promise.all([import('./SessionGuard.tsx'), loadConsoleTexts()]).then(([m]) => ({
        Component: m.SessionGuard,
      })),
    children: [
      {
        lazy: () => import('../layout/AppShell.tsx').then((m) => ({ Component: m.AppShell })),
        children: [
          { index: true, lazy: startRedirect },
          ...pages.map((page): RouteObject => ({
            path: page.path.slice(1),
            handle: { title: page.title },
            lazy: () => page.load().then((Component) => ({ Component })),
          })),
          // Signed-in paths whose screens belong to later issues lead to the start page.
          { path: '*', lazy: startRedirect },
        ],
      },
    ],
  };
}

/**
 * The shell exists for the router only once a token does: it is added on the first navigation
 * with a token to a path that is not a public page (react-router asks whenever a path matched
 * nothing but the catch-all). Until then no way in, not even a hash typed into the address bar
 * of an open login page, fetches the guard, the frame, the page routes (shell-pages.ts carries
 * every page's preload list) or the console's texts only for the visitor to be sent to /login.
 */
function shellPatcher(): NonNullable<DOMRouterOpts['patchRoutesOnNavigation']> {
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched || !storage.token() || matchRoutes(publicPaths, path)) return;
    const { shellPages } = await import('./shell-pages.ts');
    if (patched || signal.aborted) return;
    patched = true;
    patch(ROOT, [shellRoute(shellPages)]);
  };
}

/** SPEC section 2: an unknown path leads to /, and without a token / leads to /login. */
function UnknownPath() {
  return <Navigate to={storage.token() ? '/' : '/login'} replace />;
}

export const routes: RouteObject[] = [
  {
    id: ROOT,
    element: <RootLayout />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { path: 'login', handle: { title: 'login:title' }, element: <LoginPage /> },
      ...publicRoutes,
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

/** The paths a visitor without a token may open (SPEC section 2's public routes). */
const publicPaths: RouteObject[] = [{ path: 'login' }, ...publicRoutes.map(({ path }) => ({ path }))];

/**
 * Where a visit without a token starts: a public page as asked, any other path (`/`, a signed-in
 * page, an unknown path) straight at /login, which is where the guard would send it. Decided
 * before the router starts, so such a first visit does not fetch the guard, the signed-in shell,
 * its screens and the console's texts only to be sent away.
 */
export function signedOutEntry(hash: string): string | null {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return matchRoutes(publicPaths, path) ? null : '#/login';
}

export function createRouter() {
  const entry = storage.token() ? null : signedOutEntry(window.location.hash);
  if (entry) window.history.replaceState(null, '', entry);
  return createHashRouter(routes, { patchRoutesOnNavigation: shellPatcher() });
}
