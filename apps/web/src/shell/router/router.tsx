import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { shellPages } from './shell-pages.ts';
import { LoginPage } from '../../pages/login/LoginPage.tsx';
import { RouteFallback } from './RouteFallback.tsx';
import { loadConsoleTexts } from '../../shared/i18n/i18n.ts';

/** Public routes other than /login are fetched when first visited. */
const publicRoutes: RouteObject[] = [
  {
    path: 'scada',
    handle: { title: 'scada:title' },
    lazy: () => import('../../pages/scada/ScadaPage.tsx').then((m) => ({ Component: m.ScadaPage })),
  },
  {
    path: 'register',
    handle: { title: 'register:title' },
    lazy: () => import('../../pages/register/RegisterPage.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'activeresult',
    handle: { title: 'activation:title' },
    lazy: () =>
      import('../../pages/activation/ActivationResultPage.tsx').then((m) => ({
        Component: m.ActivationResultPage,
      })),
  },
  {
    path: 'appdownload',
    handle: { title: 'download:title' },
    lazy: () =>
      import('../../pages/app-download/AppDownloadPage.tsx').then((m) => ({ Component: m.AppDownloadPage })),
  },
  {
    path: 'serviceagreement/:lang',
    handle: { title: 'agreement:service.title' },
    lazy: () =>
      import('../../pages/agreement/ServiceAgreementPage.tsx').then((m) => ({
        Component: m.ServiceAgreementPage,
      })),
  },
  {
    path: 'privacyagreement/:lang',
    handle: { title: 'agreement:privacy.title' },
    lazy: () =>
      import('../../pages/agreement/PrivacyAgreementPage.tsx').then((m) => ({
        Component: m.PrivacyAgreementPage,
      })),
  },
];

const startRedirect = () => import('./StartRedirect.tsx').then((m) => ({ Component: m.StartRedirect }));

/** The signed-in shell: guard, frame, then one lazily loaded chunk per implemented page. */
const shellRoute: RouteObject = {
  path: '/',
  // The console's texts come with the guard (the public pages' texts were loaded at start).
  lazy: () =>
    Promise.all([import('./SessionGuard.tsx'), loadConsoleTexts()]).then(([m]) => ({
      Component: m.SessionGuard,
    })),
  children: [
    {
      lazy: () => import('../layout/AppShell.tsx').then((m) => ({ Component: m.AppShell })),
      children: [
        { index: true, lazy: startRedirect },
        ...shellPages.map((page): RouteObject => ({
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      { path: 'login', handle: { title: 'login:title' }, element: <LoginPage /> },
      ...publicRoutes,
      shellRoute,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
