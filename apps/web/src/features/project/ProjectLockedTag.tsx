import { useTranslation } from 'react-i18next';
import { LockedTag } from '../../shared/lists/LockedTag.tsx';

/**
 * "Locked" on a project beyond the team's Cloud Application allowance (1052), with why and how to
 * restore it on hover or focus (the template list's tag, in the project's words).
 */
export function ProjectLockedTag() {
  const { t } = useTranslation('project');
  return <LockedTag label={t('locked.tag')} tooltip={t('locked.tooltip')} testId="project-locked" />;
}
