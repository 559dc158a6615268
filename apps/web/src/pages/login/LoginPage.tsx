import { useState } from 'react';
import { Alert, Button, Checkbox, Form } from 'antd';
// The input and the password input alone: antd's Input barrel brings TextArea, Search and OTP
// (~8 KB of a first visit) that this page does not use.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { validateEmail, validatePhone } from '@hmi/domain';
import { storage } from '../../shared/storage/storage.ts';
import { errorText } from '../../shared/i18n/i18n.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { signedInTarget } from './signed-in-target.ts';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { AgreementCheckbox } from '../../features/auth/AgreementCheckbox.tsx';
import { CookieNotice } from '../../features/auth/CookieNotice.tsx';
import { preloadLogin, useLogin } from '../../features/session/use-login.ts';

interface LoginForm {
  user: string;
  passwd: string;
  remember: boolean;
  agree: boolean;
}

/** Sign in with a phone number or an email address. */
export function LoginPage() {
  const { t } = useTranslation('login');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<string>();
  const reason = search.get('reason');
  const notice = search.get('registered') ? 'registered' : search.get('reset') ? 'passwordReset' : undefined;

  if (storage.token()) return <Navigate to={signedInTarget(search)} replace />;

  const onFinish = (values: LoginForm) => {
    setFailure(undefined);
    login.mutate(
      { body: { user: values.user.trim(), passwd: values.passwd }, remember: values.remember },
      {
        onSuccess: () => void navigate(signedInTarget(search), { replace: true }),
        onError: (e) => setFailure(isApiError(e) ? errorText(e.code, e.data, e.msg) : t('failed')),
      },
    );
  };

  return (
    <AuthLayout>
      <h2>{t('heading')}</h2>
      <p className="auth-subtitle">{t('subtitle')}</p>
      {reason && !failure ? (
        <Alert
          type="warning"
          showIcon
          title={errorText(reason)}
          className="auth-alert"
          data-testid="login-reason"
        />
      ) : null}
      {notice && !reason && !failure ? (
        <Alert type="success" showIcon title={t(notice)} className="auth-alert" data-testid="login-notice" />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon title={failure} className="auth-alert" data-testid="login-error" />
      ) : null}
      <Form<LoginForm>
        layout="vertical"
        requiredMark={false}
        initialValues={{ remember: true, agree: false }}
        onFinish={onFinish}
        onValuesChange={() => failure && setFailure(undefined)}
        onFocus={preloadLogin}
        className="auth-form"
      >
        <Form.Item
          name="user"
          label={t('account')}
          rules={[
            { required: true, whitespace: true, message: t('accountRequired') },
            {
              validator: async (_r, value: unknown) => {
                const v = typeof value === 'string' ? value.trim() : '';
                if (!v) return;
                if (!validatePhone(v).ok && !validateEmail(v).ok) throw new Error(t('accountInvalid'));
              },
            },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('accountPlaceholder')}
            autoComplete="username"
            data-testid="login-user"
          />
        </Form.Item>
        <Form.Item name="passwd" label={t('password')} rules={[{ required: true }]}>
          <Password
            prefix={<LockOutlined />}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <div className="auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('remember')}</Checkbox>
          </Form.Item>
          <Link to="/register?mode=forgot" data-testid="forgot-link">
            {t('forgot')}
          </Link>
        </div>
        <div style={{ height: 12 }} />
        <AgreementCheckbox />
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('submit')}
        </Button>
      </Form>
      <div className="auth-footer-line">
        {t('noAccount')} <Link to="/register">{t('register')}</Link>
      </div>
      <CookieNotice />
    </AuthLayout>
  );
}
