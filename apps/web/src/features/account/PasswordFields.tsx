import { Form, Input } from 'antd';
import { CheckCircleFilled, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Limits, validatePassword, validatePasswordConfirm } from '@hmi/domain';
import { useValidator } from '../auth/index.ts';

/**
 * New password and its confirmation. The password rule (domain validator) is checked as the
 * user types and shown under the field: the rule while it fails, a tick once it holds.
 */
export function PasswordFields({
  name = 'passwd',
  current,
  label,
}: {
  name?: string;
  current?: string;
  label?: string;
}) {
  const { t } = useTranslation('register');
  const { rule } = useValidator();
  const value = Form.useWatch<string | undefined>(name) ?? '';
  const result = validatePassword(value);
  const sameAsCurrent = current !== undefined && value.length > 0 && value === current;
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('password.label')}
        validateFirst
        rules={[
          rule(validatePassword),
          {
            validator: async (_r, v: unknown) => {
              if (current !== undefined && v === current)
                throw new Error(t('validation:validation.password.sameAsCurrent'));
            },
          },
        ]}
        extra={
          <span
            className={`password-rule ${result.ok && !sameAsCurrent ? 'password-rule-ok' : ''}`}
            data-testid="password-rule"
          >
            {result.ok && !sameAsCurrent ? <CheckCircleFilled /> : <InfoCircleOutlined />}{' '}
            {t('password.rule', { min: Limits.passwordMin, max: Limits.passwordMax })}
          </span>
        }
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('password.placeholder')}
          data-testid="password"
        />
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        label={t('password.confirm')}
        dependencies={[name]}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_r, v: unknown) => {
              const r = validatePasswordConfirm(
                String(getFieldValue(name) ?? ''),
                typeof v === 'string' ? v : '',
              );
              if (!r.ok && v) throw new Error(t(`validation:${r.key}`, { ...r.params }));
            },
          }),
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('password.confirmPlaceholder')}
          data-testid="password-confirm"
        />
      </Form.Item>
    </>
  );
}
