import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateEmail, validatePhone, validateVerifyCode } from '@hmi/domain';
import { useValidator } from '../auth/use-validator.ts';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useFormFailure } from './use-form-failure.ts';

interface Values {
  username: string;
  code: string;
  passwd: string;
}

/** Reset a forgotten password with a code sent to the account's phone or email. */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation('register');
  const { rule } = useValidator();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { failure, report, clear } = useFormFailure();
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
      <Form.Item label={t('code.label')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[rule((v) => validateVerifyCode(v.trim()))]}>
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              maxLength={6}
              placeholder={t('code.placeholder')}
              data-testid="forgot-code"
            />
          </Form.Item>
          <SendCodeButton send={sendCode} />
        </Space.Compact>
      </Form.Item>
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
