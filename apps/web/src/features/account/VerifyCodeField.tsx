import { Form, Input, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { validateVerifyCode } from '@hmi/domain';
import { useValidator } from '../auth/index.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

interface Props {
  /** Sends the code (see SendCodeButton). */
  send(): Promise<void>;
  /** data-testid of the code input. */
  testId: string;
}

/** The 6-digit verification code (form field `code`) with its "Send code" countdown button. */
export function VerifyCodeField({ send, testId }: Props) {
  const { t } = useTranslation('register');
  const { rule } = useValidator();
  return (
    <Form.Item label={t('code.label')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[rule((v) => validateVerifyCode(v.trim()))]}>
          <Input
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            maxLength={6}
            placeholder={t('code.placeholder')}
            data-testid={testId}
          />
        </Form.Item>
        <SendCodeButton send={send} />
      </Space.Compact>
    </Form.Item>
  );
}
