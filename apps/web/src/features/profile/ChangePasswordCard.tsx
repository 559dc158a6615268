import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';
import { PasswordFields } from '../account/index.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useChangePassword } from './use-profile-mutations.ts';

interface Values {
  old_passwd: string;
  passwd: string;
}

/** Current password, new password (the spec's rules, different from the current) and confirmation. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const current = Form.useWatch('old_passwd', form);
  const change = useChangePassword();
  const { failure, report, clear } = usePlacedFailure();
  return (
    <Card title={t('password.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="profile-form"
        onValuesChange={clear}
        onFinish={(v) =>
          change.mutate(v, {
            onSuccess: () => {
              form.resetFields();
              successToast(t('password.done'));
            },
            onError: report,
          })
        }
      >
        <Form.Item
          name="old_passwd"
          label={t('password.current')}
          rules={[{ required: true, message: t('password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <PasswordFields current={current ?? ''} label={t('password.new')} />
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            className="form-failure"
            data-testid="password-error"
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
