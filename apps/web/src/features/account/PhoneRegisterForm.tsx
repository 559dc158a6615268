import { Form, Input, Space } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PHONE_AREA_CODE, validatePhone, type Region } from '@hmi/domain';
import { useValidator, AgreementCheckbox } from '../auth/index.ts';
import { accountApi } from './account.api.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { VerifyCodeField } from './VerifyCodeField.tsx';
import { AreaCodeSelect } from './AreaCodeSelect.tsx';
import {
  AccountFormFooter,
  RegionField,
  useAccountForm,
  type RegisterFormProps,
} from './AccountFormParts.tsx';

interface Values {
  area_code: string;
  username: string;
  code: string;
  passwd: string;
  data_center: Region;
}

/** Registration by mobile number (+86) with an SMS code; the account is active at once. */
export function PhoneRegisterForm({ regions, defaultRegion }: RegisterFormProps) {
  const { t, i18n } = useTranslation('register');
  const { rule } = useValidator();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { failure, busy, clear, submit, sendCode } = useAccountForm();

  const send = sendCode(
    () => form.validateFields(['username', 'area_code']),
    ({ username, area_code }) =>
      accountApi.sendPhoneCode(username.trim(), area_code, 'register', i18n.language),
  );

  const onFinish = submit(async (v: Values) => {
    await accountApi.registerByPhone({
      username: v.username.trim(),
      area_code: v.area_code,
      code: v.code.trim(),
      passwd: v.passwd,
      data_center: v.data_center,
      lang: i18n.language,
    });
    void navigate('/login?registered=phone', { replace: true });
  });

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
            <AreaCodeSelect />
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
      <VerifyCodeField send={send} testId="register-code" />
      <PasswordFields />
      <RegionField regions={regions} />
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
