import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n/i18n.ts';
import { loadLibraryLocales } from './app/i18n/antd-locale.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { createRouter } from './app/router/router.tsx';
import { createQueryClient } from './app/query/query-client.ts';
import { exposeLoading } from './app/loading/loading-store.ts';
import './app/theme/global.css';

exposeLoading();
const locale = await initI18n();
const antdLocale = await loadLibraryLocales(locale);
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
