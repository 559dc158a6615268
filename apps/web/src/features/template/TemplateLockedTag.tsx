import { Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * "Locked" on a template beyond the team's allowance (docs/api.md, Billing, Locks), with why and
 * how to restore it on hover or focus.
 */
export function TemplateLockedTag() {
  const { t } = useTranslation('template');
  return (
    <Tooltip title={t('locked.tooltip')}>
      <Tag
        icon={<LockOutlined />}
        color="warning"
        className="template-locked-tag"
        tabIndex={0}
        aria-description={t('locked.tooltip')}
        data-testid="template-locked"
      >
        {t('locked.tag')}
      </Tag>
    </Tooltip>
  );
}
