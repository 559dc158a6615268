import { Alert, Button, Card, Grid, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { WebhookTable } from '../../features/webhook/WebhookTable.tsx';
import { WebhookEditor } from '../../features/webhook/WebhookEditor.tsx';
import { WebhookSecretDialog } from '../../features/webhook/WebhookSecretDialog.tsx';
import { WebhookDeliveryLog } from '../../features/webhook/WebhookDeliveryLog.tsx';
import { useWebhooksPage } from './use-webhooks-page.ts';
import '../../shared/styles/page-list.css';
import '../../features/webhook/webhook.css';

/** /system/webhooks: the team's webhook endpoints, their test button and delivery log (integration 49, 50). */
export function WebhooksPage() {
  const { t } = useTranslation('webhook');
  const compact = Grid.useBreakpoint().md === false;
  const canManage = usePermission()(Perm.IntegrationManage);
  const s = useWebhooksPage();
  const { reply } = s;

  return (
    <div className="device-page" data-testid="webhook-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="webhook-usage">
            {reply ? t('usage', { count: reply.list.length, max: reply.max }) : '\u00a0'}
          </Typography.Text>
        </div>
        {canManage ? (
          <Tooltip title={s.limitReached && reply ? t('limitReached', { max: reply.max }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={s.limitReached}
              onClick={s.openAdd}
              data-testid="webhook-add"
            >
              {t('add')}
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <Alert
        type="info"
        showIcon={!compact}
        className="webhook-about"
        title={t('about.title')}
        description={
          <ul>
            <li>{t('about.signed')}</li>
            <li>{t('about.retries')}</li>
            <li>{t('about.paused')}</li>
          </ul>
        }
      />
      {s.list.isError && !reply ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <WebhookTable
          endpoints={reply?.list}
          loading={s.list.isPending && !s.list.isError}
          compact={compact}
          canManage={canManage}
          testing={s.testing}
          onEdit={s.openEdit}
          onDelete={s.confirmDelete}
          onTest={s.sendTest}
          onLog={s.openLog}
        />
      </Card>
      {canManage ? (
        <WebhookEditor state={s.editor} onClose={s.closeEditor} onCreated={s.created} onSaved={s.saved} />
      ) : null}
      <WebhookSecretDialog secret={s.secret} onClose={s.closeSecret} />
      <WebhookDeliveryLog endpoint={s.logOf} onClose={s.closeLog} />
    </div>
  );
}
