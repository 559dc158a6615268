import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storage } from '../../shared/storage/storage.ts';
import { StorageKey } from '../../shared/storage/storage-keys.ts';

/** The cookie and local-storage notice of the login screen, until acknowledged. */
export function CookieNotice() {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState(() => storage.get(StorageKey.COOKIE_NOTICE) !== '1');
  if (!open) return null;
  return (
    <div className="cookie-notice" role="region" aria-label={t('cookie.label')} data-testid="cookie-notice">
      <p>
        {t('cookie.text')}{' '}
        <Link to={`/privacyagreement/${t('common:agreementLang')}`}>{t('cookie.more')}</Link>
      </p>
      <Button
        type="primary"
        size="small"
        onClick={() => {
          storage.set(StorageKey.COOKIE_NOTICE, '1');
          setOpen(false);
        }}
      >
        {t('cookie.accept')}
      </Button>
    </div>
  );
}
