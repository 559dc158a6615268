import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import {
  DatabaseOutlined,
  DeleteOutlined,
  SafetyCertificateOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@hmi/domain';
import type { MemberAction } from './member-display.ts';

/** One action button of a member's row. */
export interface MemberRowAction {
  key: string;
  icon: ReactNode;
  label: string;
  /** data-testid of the button (the e2e specs click by it). */
  testId: string;
  danger?: boolean;
  onClick(): void;
}

export interface MemberRowHandlers {
  onAccess(member: MemberItem): void;
  onRole(member: MemberItem): void;
  onDataPm(member: MemberItem): void;
  onRemove(member: MemberItem): void;
}

/** The buttons of the actions a row offers (memberActions), then any `extra` ones (data permissions). */
export function memberRowButtons(
  member: MemberItem,
  actions: readonly MemberAction[],
  handlers: MemberRowHandlers,
  label: (action: MemberAction) => string,
): MemberRowAction[] {
  const made: Record<MemberAction, Omit<MemberRowAction, 'key' | 'label'>> = {
    access: {
      icon: <SafetyCertificateOutlined />,
      testId: `member-access-${member.id}`,
      onClick: () => handlers.onAccess(member),
    },
    datapm: {
      icon: <DatabaseOutlined />,
      testId: `member-datapm-${member.id}`,
      onClick: () => handlers.onDataPm(member),
    },
    role: {
      icon: <UserSwitchOutlined />,
      testId: `member-role-${member.id}`,
      onClick: () => handlers.onRole(member),
    },
    remove: {
      icon: <DeleteOutlined />,
      testId: `member-remove-${member.id}`,
      danger: true,
      onClick: () => handlers.onRemove(member),
    },
  };
  return actions.map((key) => ({ key, label: label(key), ...made[key] }));
}

/** A row's action buttons: labelled links on a desktop, icons with a tooltip on a phone. */
export function MemberRowActions({
  buttons,
  compact,
}: {
  buttons: readonly MemberRowAction[];
  compact: boolean;
}) {
  const { t } = useTranslation('member');
  if (buttons.length === 0) return null;
  return (
    <Space size={compact ? 0 : 4} className="member-actions" aria-label={t('field.actions')}>
      {buttons.map((b) =>
        compact ? (
          <Tooltip key={b.key} title={b.label}>
            <Button
              type="text"
              size="small"
              icon={b.icon}
              danger={b.danger}
              aria-label={b.label}
              onClick={b.onClick}
              data-testid={b.testId}
            />
          </Tooltip>
        ) : (
          <Button
            key={b.key}
            type="link"
            size="small"
            icon={b.icon}
            danger={b.danger}
            onClick={b.onClick}
            data-testid={b.testId}
          >
            {b.label}
          </Button>
        ),
      )}
    </Space>
  );
}
