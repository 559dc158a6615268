import { useTranslation } from 'react-i18next';
import { LockedTag } from '../../shared/lists/LockedTag.tsx';

/**
 * "Locked" on a template beyond the team's allowance (docs/api.md, Billing, Locks), with why and
 * how to restore it on hover or focus.
 */
export function TemplateLockedTag() {
  const { t } = useTranslation('template');
  return <LockedTag label={t('locked.tag')} tooltip={t('locked.tooltip')} testId="template-locked" />;
}
