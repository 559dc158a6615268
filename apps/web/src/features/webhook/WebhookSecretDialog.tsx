import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface WebhookSecretDialogProps {
  /** The secret of the endpoint just created; undefined: closed. */
  secret: string | undefined;
  onClose(): void;
}

/** Shows a new endpoint's signing secret once, with a copy button: it is never shown again. */
export function WebhookSecretDialog({ secret, onClose }: WebhookSecretDialogProps) {
  const { t } = useTranslation('webhook');
  return (
    <Modal
      open={secret !== undefined}
      title={t('secret.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      data-testid="webhook-secret-dialog"
    >
      <Alert type="warning" showIcon title={t('secret.once')} />
      <Typography.Paragraph
        className="webhook-secret"
        copyable={{ text: secret ?? '' }}
        code
        data-testid="webhook-secret"
      >
        {secret}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('secret.howTo')}</Typography.Paragraph>
    </Modal>
  );
}
