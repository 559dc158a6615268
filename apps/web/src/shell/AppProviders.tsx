import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { themeConfig } from '../shared/theme/theme-config.ts';
import { applyThemeMode, readThemeMode, type ThemeMode } from '../shared/theme/theme-mode.ts';
import { ThemeModeContext } from '../shared/preferences/theme-mode-context.ts';
import { NotifierBridge } from '../shared/feedback/NotifierBridge.tsx';
import { LoadingOverlay } from '../shared/loading/LoadingOverlay.tsx';

interface Props {
  antdLocale: AntdLocale;
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme (light/dark), antd locale, toasts, server-data cache and the loading overlay. */
export function AppProviders({ antdLocale, queryClient, children }: Props) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const setMode = useCallback((next: ThemeMode) => {
    applyThemeMode(next);
    setModeState(next);
  }, []);
  const themeState = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  const theme = useMemo(() => themeConfig(mode), [mode]);
  return (
    <ThemeModeContext value={themeState}>
      <ConfigProvider theme={theme} locale={antdLocale}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        <LoadingOverlay />
      </ConfigProvider>
    </ThemeModeContext>
  );
}
