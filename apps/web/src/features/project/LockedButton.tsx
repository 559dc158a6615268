import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props extends ButtonProps {
  /** The project is locked: the button is off and says why on hover. */
  locked: boolean;
  /** The tooltip when not locked (an icon-only button's name). */
  tip?: ReactNode;
}

/** A button that changes a project: disabled with the lock's reason while the project is locked (1052). */
export function LockedButton({ locked, tip, disabled, ...button }: Props) {
  const { t } = useTranslation('project');
  if (!locked)
    return (
      <Tooltip title={tip}>
        <Button {...button} disabled={disabled} />
      </Tooltip>
    );
  // A disabled button gets no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip title={t('locked.action')}>
      <span className="project-locked-action" tabIndex={0} data-testid="project-locked-action">
        <Button {...button} disabled />
      </span>
    </Tooltip>
  );
}
