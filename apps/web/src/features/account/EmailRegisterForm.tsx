import { useState } from 'react';
import { Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Limits, validateEmail, type Region } from '@hmi/domain';
import { useValidator, AgreementCheckbox } from '../auth/index.ts';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import {
  AccountFormFooter,
  RegionField,
  useAccountForm,
  type RegisterFormProps,
} from './AccountFormParts.tsx';

interface Values {
  username: string;
  passwd: string;
  data_center: Region;
}

/** Registration by email: the account is activated from the link in the mail (valid 48 h). */
export function EmailRegisterForm({ regions, defaultRegion }: RegisterFormProps) {
  const { t, i18n } = useTranslation('register');
  const { rule } = useValidator();
  const { failure, busy, clear, submit } = useAccountForm();
  const [sentTo, setSentTo] = useState<string>();

  if (sentTo) {
    return (
      <Result
        status="success"
        className="register-sent"
        title={t('email.sentTitle')}
        subTitle={t('email.sentText', { email: sentTo, hours: Limits.activationEmailHours })}
        extra={[
          <SendCodeButton
            key="resend"
            testId="resend-mail"
            label={t('email.resend')}
            send={() => accountApi.resendMail(sentTo, i18n.language).then(() => undefined)}
          />,
        ]}
      />
    );
  }

  const onFinish = submit(async (v: Values) => {
    await accountApi.registerByEmail({
      username: v.username.trim(),
      passwd: v.passwd,
      data_center: v.data_center,
      lang: i18n.language,
    });
    setSentTo(v.username.trim());
  });

  return (
    <Form<Values>
      // Its own name: field ids (username, passwd...) stay unique with the other tab mounted.
      name="register-mail"
      layout="vertical"
      requiredMark={false}
      initialValues={{ data_center: defaultRegion }}
      onFinish={onFinish}
      onValuesChange={clear}
    >
      <Form.Item name="username" label={t('email.label')} rules={[rule((v) => validateEmail(v.trim()))]}>
        <Input
          prefix={<MailOutlined />}
          autoComplete="email"
          placeholder={t('email.placeholder')}
          data-testid="register-email"
        />
      </Form.Item>
      <PasswordFields />
      <RegionField regions={regions} testId="register-region" />
      <AgreementCheckbox />
      <AccountFormFooter
        failure={failure}
        busy={busy}
        label={t('submit')}
        testIds={{ error: 'register-error', submit: 'register-submit' }}
      />
    </Form>
  );
}
