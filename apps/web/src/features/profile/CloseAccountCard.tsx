import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Region, type UserProfile } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { storage } from '../../shared/storage/storage.ts';
import { usePlacedFailure } from '../../shared/feedback/use-placed-failure.ts';
import { useCloseAccount } from './use-profile-mutations.ts';

const LOSSES = ['devices', 'templates', 'history', 'team', 'billing', 'login'] as const;

/** Close the account, after a confirmation that lists exactly what is lost. */
export function CloseAccountCard({ profile, region }: { profile: UserProfile; region: Region }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ account: string; passwd: string }>();
  const close = useCloseAccount();
  const { failure, report, clear } = usePlacedFailure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async () => {
    const v = await form.validateFields();
    clear();
    close.mutate(
      {
        account: v.account.trim(),
        passwd: v.passwd,
        true_name: profile.name,
        contact: profile.contact,
        data_center: region,
      },
      {
        onSuccess: () => {
          http.cancelAll();
          storage.clearSession();
          queryClient.clear();
          void navigate(`/login?reason=${ErrorCode.E1055_ACCOUNT_CLOSED}`, { replace: true });
        },
        onError: report,
      },
    );
  };

  return (
    <Card title={t('close.title')} className="profile-danger">
      <Typography.Paragraph type="secondary">{t('close.text')}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)} data-testid="close-account">
        {t('close.button')}
      </Button>
      <Modal
        open={open}
        title={
          <span>
            <WarningOutlined className="profile-danger-icon" /> {t('close.confirmTitle')}
          </span>
        }
        okText={t('close.confirm')}
        okButtonProps={
          { danger: true, loading: close.isPending, 'data-testid': 'close-confirm' } as ButtonProps
        }
        cancelText={t('common:cancel')}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => {
          setOpen(false);
          clear();
        }}
        destroyOnHidden
      >
        <p>{t('close.lossesIntro')}</p>
        <ul className="profile-losses" data-testid="close-losses">
          {LOSSES.map((k) => (
            <li key={k}>{t(`close.losses.${k}`)}</li>
          ))}
        </ul>
        <Alert type="warning" showIcon title={t('close.irreversible')} className="form-failure" />
        <Form form={form} layout="vertical" requiredMark={false} onValuesChange={clear}>
          <Form.Item
            name="account"
            label={t('close.account')}
            rules={[{ required: true, whitespace: true, message: t('close.accountRequired') }]}
          >
            <Input
              autoComplete="off"
              placeholder={t('close.accountPlaceholder')}
              data-testid="close-account-name"
            />
          </Form.Item>
          <Form.Item
            name="passwd"
            label={t('close.password')}
            rules={[{ required: true, message: t('password.currentRequired') }]}
          >
            <Input.Password autoComplete="current-password" data-testid="close-password" />
          </Form.Item>
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="close-error" /> : null}
      </Modal>
    </Card>
  );
}
