import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { currentLocale, initI18n } from './shared/i18n/i18n.ts';
import { loadLibraryLocales } from './shared/i18n/antd-locale.ts';
import { AppProviders } from './shell/AppProviders.tsx';
import { createRouter } from './shell/router/router.tsx';
import { createQueryClient } from './shared/query/query-client.ts';
import { exposeLoading } from './shared/loading/loading-store.ts';
import './shared/theme/global.css';

exposeLoading();
// The texts and antd's locale of the interface language, fetched side by side.
const [, antdLocale] = await Promise.all([initI18n(), loadLibraryLocales(currentLocale())]);
const router = createRouter();
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders antdLocale={antdLocale} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
