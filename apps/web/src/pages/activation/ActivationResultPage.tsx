import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@hmi/domain';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { errorText } from '../../shared/i18n/i18n.ts';

/** Where the activation link of the registration mail lands: /activeresult?code=N. */
export function ActivationResultPage() {
  const { t } = useTranslation('activation');
  const [search] = useSearchParams();
  const code = Number(search.get('code') ?? NaN);
  const ok = code === ErrorCode.OK;
  const expired = code === ErrorCode.E1020_ACTIVATION_LINK_EXPIRED;
  return (
    <AuthLayout>
      <Result
        status={ok ? 'success' : expired ? 'warning' : 'error'}
        title={ok ? t('success.title') : expired ? t('expired.title') : t('failed.title')}
        subTitle={
          ok
            ? t('success.text')
            : expired
              ? t('expired.text')
              : Number.isNaN(code)
                ? t('failed.text')
                : errorText(code)
        }
        extra={[
          <Link key="login" to="/login">
            <Button type="primary" data-testid="activation-login">
              {t('toLogin')}
            </Button>
          </Link>,
          ...(ok
            ? []
            : [
                <Link key="register" to="/register">
                  <Button>{t('toRegister')}</Button>
                </Link>,
              ]),
        ]}
        data-testid={`activation-${ok ? 'ok' : 'failed'}`}
      />
    </AuthLayout>
  );
}
