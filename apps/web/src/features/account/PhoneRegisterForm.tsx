import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PHONE_AREA_CODE, PHONE_AREA_CODES, validatePhone, type Region } from '@hmi/domain';
import { useValidator, AgreementCheckbox } from '../auth/index.ts';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { VerifyCodeField } from './VerifyCodeField.tsx';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';

interface Values {
  area_code: string;
  username: string;
  code: string;
  passwd: string;
  data_center: Region;
}

/** Registration by mobile number (+86) with an SMS code; the account is active at once. */
export function PhoneRegisterForm({
  regions,
  defaultRegion,
}: {
  regions: readonly Region[];
  defaultRegion: Region;
}) {
  const { t, i18n } = useTranslation('register');
  const { rule } = useValidator();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { failure, report, clear } = usePlacedFailure();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    clear();
    const { username, area_code } = await form.validateFields(['username', 'area_code']);
    try {
      await accountApi.sendPhoneCode(username.trim(), area_code, 'register', i18n.language);
    } catch (e) {
      report(e);
      throw e;
    }
  };

  const onFinish = async (v: Values) => {
    clear();
    setBusy(true);
    try {
      await accountApi.registerByPhone({
        username: v.username.trim(),
        area_code: v.area_code,
        code: v.code.trim(),
        passwd: v.passwd,
        data_center: v.data_center,
        lang: i18n.language,
      });
      void navigate('/login?registered=phone', { replace: true });
    } catch (e) {
      report(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      // Its own name: field ids (username, passwd...) stay unique with the other tab mounted.
      name="register-phone"
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ area_code: DEFAULT_PHONE_AREA_CODE, data_center: defaultRegion }}
      onFinish={onFinish}
      onValuesChange={clear}
    >
      <Form.Item label={t('phone.label')} required>
        <Space.Compact block>
          <Form.Item name="area_code" noStyle>
            <Select
              className="area-code-select"
              options={PHONE_AREA_CODES.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
          <Form.Item
            name="username"
            noStyle
            rules={[rule((v) => validatePhone(v.trim(), form.getFieldValue('area_code') as string))]}
          >
            <Input
              prefix={<MobileOutlined />}
              autoComplete="tel-national"
              placeholder={t('phone.placeholder')}
              data-testid="register-phone"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <VerifyCodeField send={sendCode} testId="register-code" />
      <PasswordFields />
      <Form.Item name="data_center" label={t('dataCenter.label')} extra={t('dataCenter.help')}>
        <Select options={regions.map((r) => ({ value: r, label: t(`common:region.${r}`) }))} />
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
