import { Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateEmail, validatePhone } from '@hmi/domain';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { VerifyCodeField } from './VerifyCodeField.tsx';
import { AccountFormFooter, useAccountForm } from './AccountFormParts.tsx';

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
  const { failure, busy, clear, submit, sendCode } = useAccountForm();

  const send = sendCode(
    () => form.validateFields(['username']),
    ({ username }) => accountApi.forgetVerify(username.trim(), i18n.language),
  );

  const onFinish = submit(async (v: Values) => {
    await accountApi.modifyPwd(v.username.trim(), v.code.trim(), v.passwd);
    void navigate('/login?reset=1', { replace: true });
  });

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
      <VerifyCodeField send={send} testId="forgot-code" />
      <PasswordFields />
      <AccountFormFooter
        failure={failure}
        busy={busy}
        label={t('forgot.submit')}
        testIds={{ error: 'forgot-error', submit: 'forgot-submit' }}
      />
    </Form>
  );
}
