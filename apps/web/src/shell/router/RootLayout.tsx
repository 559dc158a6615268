import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionEvents } from '../../shared/http/session-events.ts';
import type { RouteHandle } from './route-handle.ts';

/** Sets the page title from the route and turns a forced sign-out into a trip to /login. */
export function RootLayout() {
  const matches = useMatches();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const titleKey = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const title = titleKey?.title ? t(titleKey.title) : '';

  useEffect(() => {
    const product = t('product');
    document.title = title ? `${title} - ${product}` : product;
  }, [title, t]);

  useEffect(
    () =>
      sessionEvents.onSignedOut((reason) => {
        queryClient.clear();
        void navigate(`/login?reason=${encodeURIComponent(reason)}`, { replace: true });
      }),
    [navigate, queryClient],
  );

  return <Outlet />;
}
