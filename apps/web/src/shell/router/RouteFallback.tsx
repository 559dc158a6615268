import { useTranslation } from 'react-i18next';
import { SpinnerCircle } from '../../shared/loading/SpinnerCircle.tsx';

/** Shown while a screen's code arrives. */
export function RouteFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="app-fullpage-center">
      <SpinnerCircle label={t('loading')} />
    </div>
  );
}
