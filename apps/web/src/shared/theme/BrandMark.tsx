import { useTranslation } from 'react-i18next';

/** The product logo and name. */
export function BrandMark({
  collapsed = false,
  inverse = false,
}: {
  collapsed?: boolean;
  inverse?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <span className={`brand-mark${inverse ? ' brand-mark-inverse' : ''}`}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1677ff" />
        <path d="M8 10h16v10H8z" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinejoin="round" />
        <path d="M13 24h6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="23" cy="9" r="3.2" fill="#52c41a" stroke="#1677ff" strokeWidth="1.4" />
      </svg>
      {collapsed ? null : <span className="brand-mark-name">{t('product')}</span>}
    </span>
  );
}
