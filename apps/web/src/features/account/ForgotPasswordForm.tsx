import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateEmail, validatePhone } from '@hmi/domain';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { VerifyCodeField } from './VerifyCodeField.tsx';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

interface Values {
  username: string;
  code: string;
  passwd: string;
}

/** Reset a forgotten password with a code sent to the account's phone or email. */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation('register');
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { failure, report, clear } = usePlacedFailure();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    clear();
    const { username } = await form.validateFields(['username']);
    try {
      await accountApi.forgetVerify(username.trim(), i18n.language);
    } catch (e) {
      report(e);
      throw e;
    }
  };

  const onFinish = async (v: Values) => {
    clear();
    setBusy(true);
    try {
      await accountApi.modifyPwd(v.username.trim(), v.code.trim(), v.passwd);
      void navigate('/login?reset=1', { replace: true });
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={clear}
    >
      <Form.Item
        name="username"
        label={t('forgot.account')}
        rules={[
          {
            validator: async (_r, value: unknown) => {
              const v = typeof value === 'string' ? value.trim() : '';
              if (!v) throw new Error(t('forgot.accountRequired'));
              if (!validatePhone(v).ok && !validateEmail(v).ok) throw new Error(t('forgot.accountInvalid'));
            },
          },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          placeholder={t('forgot.accountPlaceholder')}
          data-testid="forgot-account"
        />
      </Form.Item>
      <VerifyCodeField send={sendCode} testId="forgot-code" />
      <PasswordFields />
      {failure ? (
        <Alert type="error" showIcon title={failure} className="form-failure" data-testid="forgot-error" />
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-submit">
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
