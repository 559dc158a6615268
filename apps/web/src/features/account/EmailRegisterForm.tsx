import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Select } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Limits, validateEmail, type Region } from '@hmi/domain';
import { useValidator, AgreementCheckbox } from '../auth/index.ts';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

interface Values {
  username: string;
  passwd: string;
  data_center: Region;
}

/** Registration by email: the account is activated from the link in the mail (valid 48 h). */
export function EmailRegisterForm({
  regions,
  defaultRegion,
}: {
  regions: readonly Region[];
  defaultRegion: Region;
}) {
  const { t, i18n } = useTranslation('register');
  const { rule } = useValidator();
  const { failure, report, clear } = usePlacedFailure();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

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

  const onFinish = async (v: Values) => {
    clear();
    setBusy(true);
    try {
      await accountApi.registerByEmail({
        username: v.username.trim(),
        passwd: v.passwd,
        data_center: v.data_center,
        lang: i18n.language,
      });
      setSentTo(v.username.trim());
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

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
      <Form.Item name="data_center" label={t('dataCenter.label')} extra={t('dataCenter.help')}>
        <Select
          options={regions.map((r) => ({ value: r, label: t(`common:region.${r}`) }))}
          data-testid="register-region"
        />
      </Form.Item>
      <AgreementCheckbox />
      {failure ? (
        <Alert type="error" showIcon title={failure} className="form-failure" data-testid="register-error" />
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
