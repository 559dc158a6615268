import { Skeleton, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRegion, regions as allRegions, type Region } from '@hmi/domain';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { EmailRegisterForm } from '../../features/account/EmailRegisterForm.tsx';
import { PhoneRegisterForm } from '../../features/account/PhoneRegisterForm.tsx';
import { ForgotPasswordForm } from '../../features/account/ForgotPasswordForm.tsx';
import { useLoginInfo } from '../../features/session/use-login-info.ts';
import '../../features/account/account.css';

/** Registration by phone or email, and (mode=forgot) the password reset. */
export function RegisterPage() {
  const { t } = useTranslation('register');
  const [search, setSearch] = useSearchParams();
  const info = useLoginInfo();
  const forgot = search.get('mode') === 'forgot';
  const regions: Region[] = (info.data?.regions ?? allRegions).filter(isRegion);
  const defaultRegion: Region = isRegion(info.data?.region) ? info.data.region : (regions[0] ?? 'cn');
  const methods = info.data?.register_methods ?? ['phone', 'mail'];
  const tab = search.get('by') === 'phone' ? 'phone' : 'mail';

  return (
    <AuthLayout wide>
      <h2>{forgot ? t('forgot.heading') : t('heading')}</h2>
      <p className="auth-subtitle">{forgot ? t('forgot.subtitle') : t('subtitle')}</p>
      {forgot ? (
        <ForgotPasswordForm />
      ) : info.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          activeKey={methods.includes(tab) ? tab : methods[0]}
          onChange={(key) => setSearch({ by: key }, { replace: true })}
          items={[
            ...(methods.includes('mail')
              ? [
                  {
                    key: 'mail',
                    label: t('tabs.email'),
                    children: <EmailRegisterForm regions={regions} defaultRegion={defaultRegion} />,
                  },
                ]
              : []),
            ...(methods.includes('phone')
              ? [
                  {
                    key: 'phone',
                    label: t('tabs.phone'),
                    children: <PhoneRegisterForm regions={regions} defaultRegion={defaultRegion} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      <div className="auth-footer-line">
        {forgot ? (
          <Link to="/register">{t('forgot.toRegister')}</Link>
        ) : (
          <Link to="/register?mode=forgot">{t('toForgot')}</Link>
        )}
        <span className="auth-sep">·</span>
        <Link to="/login" data-testid="to-login">
          {t('toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
