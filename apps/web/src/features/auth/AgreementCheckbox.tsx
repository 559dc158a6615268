import { Checkbox, Form } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { taggedText } from './tagged-text.tsx';

/** "I have read and agree to the service agreement and privacy policy" — required to continue. */
export function AgreementCheckbox({ name = 'agree' }: { name?: string }) {
  const { t } = useTranslation('common');
  const lang = t('agreementLang');
  return (
    <Form.Item
      name={name}
      valuePropName="checked"
      className="auth-agreement"
      rules={[
        {
          validator: async (_r, value: unknown) => {
            if (value !== true) throw new Error(t('agreement.required'));
          },
        },
      ]}
    >
      <Checkbox data-testid="agreement-checkbox">
        {taggedText(t('agreement.text'), {
          service: <Link to={`/serviceagreement/${lang}`} target="_blank" rel="noopener" />,
          privacy: <Link to={`/privacyagreement/${lang}`} target="_blank" rel="noopener" />,
        })}
      </Checkbox>
    </Form.Item>
  );
}
