import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * What a team with no device sees: where the device shows its SN and PIN, and the bind button.
 * (How operators make devices known to the cloud, or try it with simulated ones, is in the
 * README's operators section: end users never run commands.)
 */
export function DeviceEmptyState({ canBind, onBind }: { canBind: boolean; onBind(): void }) {
  const { t } = useTranslation('device');
  return (
    <div className="device-empty" data-testid="device-empty">
      <svg className="device-empty-art" viewBox="0 0 120 84" aria-hidden="true">
        <rect x="8" y="8" width="78" height="54" rx="6" className="device-empty-screen" />
        <rect x="16" y="16" width="62" height="38" rx="3" className="device-empty-glass" />
        {/* The screen's SN and PIN lines. */}
        <path d="M24 28h12M40 28h30M24 40h12M40 40h18" className="device-empty-fields" />
        <path d="M36 70h22" className="device-empty-stand" />
        <path d="M47 62v8" className="device-empty-stand" />
        <circle cx="98" cy="22" r="12" className="device-empty-cloud" />
        <path d="M86 38c6 6 18 6 24 0M80 46c10 10 26 10 36 0" className="device-empty-waves" />
      </svg>
      <Typography.Title level={4} className="device-empty-title">
        {t('empty.title')}
      </Typography.Title>
      <ol className="device-empty-steps">
        <li>{t('empty.step1')}</li>
        <li>{t('empty.step2')}</li>
        <li>{t('empty.step3')}</li>
      </ol>
      {canBind ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onBind} data-testid="empty-bind">
          {t('list.bind')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('empty.noPermission')}</Typography.Text>
      )}
    </div>
  );
}
