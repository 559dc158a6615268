import { useSyncExternalStore } from 'react';
import { SpinnerCircle } from './SpinnerCircle.tsx';
import { useTranslation } from 'react-i18next';
import { loading } from './loading-store.ts';

/** The spinning circle over the whole page while `window.$loading.start()` is in effect. */
export function LoadingOverlay() {
  const visible = useSyncExternalStore(loading.subscribe, loading.isVisible);
  const { t } = useTranslation('common');
  if (!visible) return null;
  return (
    <div className="app-loading-overlay" data-testid="loading-overlay">
      <SpinnerCircle label={t('loading')} />
    </div>
  );
}
