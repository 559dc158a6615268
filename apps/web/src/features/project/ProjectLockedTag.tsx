import { Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * "Locked" on a project beyond the team's Cloud Application allowance (1052), with why and how to
 * restore it on hover or focus (the template list's tag, in the project's words).
 */
export function ProjectLockedTag() {
  const { t } = useTranslation('project');
  return (
    <Tooltip title={t('locked.tooltip')}>
      <Tag
        icon={<LockOutlined />}
        color="warning"
        className="project-locked-tag"
        tabIndex={0}
        aria-description={t('locked.tooltip')}
        data-testid="project-locked"
      >
        {t('locked.tag')}
      </Tag>
    </Tooltip>
  );
}
