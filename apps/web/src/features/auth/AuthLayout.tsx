import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloudSyncOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { BrandMark } from '../../shared/theme/BrandMark.tsx';
import { LanguageSwitch } from '../../shared/preferences/LanguageSwitch.tsx';
import { ThemeSwitch } from '../../shared/preferences/ThemeSwitch.tsx';
import './auth.css';

/** The frame of the public account screens: brand panel on the left, the form card on the right. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  const points = [
    { icon: <CloudSyncOutlined />, key: 'brand.point1' },
    { icon: <ThunderboltOutlined />, key: 'brand.point2' },
    { icon: <SafetyCertificateOutlined />, key: 'brand.point3' },
  ];
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <BrandMark inverse />
        <div className="auth-brand-copy">
          <h1>{t('brand.headline')}</h1>
          <p>{t('brand.lead')}</p>
          <ul>
            {points.map((p) => (
              <li key={p.key}>
                <span className="auth-brand-icon">{p.icon}</span>
                {t(p.key)}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-foot">{t('brand.footer', { year: new Date().getFullYear() })}</div>
      </aside>
      <main className="auth-main">
        <div className="auth-toolbar">
          <span className="auth-toolbar-brand">
            <BrandMark />
          </span>
          <span className="auth-toolbar-spacer" />
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
        <div className={`auth-card${wide ? ' auth-card-wide' : ''}`}>{children}</div>
        <nav className="auth-links">
          <Link to="/appdownload">{t('links.appDownload')}</Link>
          <Link to={`/serviceagreement/${t('agreementLang')}`}>{t('links.service')}</Link>
          <Link to={`/privacyagreement/${t('agreementLang')}`}>{t('links.privacy')}</Link>
        </nav>
      </main>
    </div>
  );
}
