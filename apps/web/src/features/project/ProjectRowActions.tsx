import { Button, Dropdown, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectItem } from '@hmi/domain';
import { LockedButton } from './LockedButton.tsx';

export interface ProjectRowRights {
  compact: boolean;
  /** Edit 42 (off on a locked project, with the reason). */
  canEdit: boolean;
  /** Delete 43. */
  canDelete: boolean;
}

export interface ProjectRowHandlers {
  onOpen(id: number): void;
  onEdit(id: number): void;
  onDelete(project: ProjectItem): void;
}

type Props = ProjectRowRights & ProjectRowHandlers & { project: ProjectItem };

/** Phones: one menu of details, edit and delete (edit off while locked). */
function CompactActions({ project, canEdit, canDelete, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation('project');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'open', icon: <ProfileOutlined />, label: t('action.details') },
          ...(canEdit
            ? [{ key: 'edit', icon: <EditOutlined />, label: t('action.edit'), disabled: project.locked }]
            : []),
          ...(canDelete
            ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('action.delete'), danger: true }]
            : []),
        ],
        onClick: ({ key }) => {
          if (key === 'open') onOpen(project.id);
          if (key === 'edit') onEdit(project.id);
          if (key === 'delete') onDelete(project);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('action.more')}
        data-testid="project-more"
      />
    </Dropdown>
  );
}

/**
 * A project's actions by permission: details (view 39), edit (42; disabled with the lock's reason
 * on a locked project) and delete (43; a locked project can still be deleted).
 */
export function ProjectRowActions(p: Props) {
  const { t } = useTranslation('project');
  const { project } = p;
  if (p.compact) return <CompactActions {...p} />;
  return (
    <Space size={2}>
      <Tooltip title={t('action.details')}>
        <Button
          type="text"
          size="small"
          icon={<ProfileOutlined />}
          aria-label={t('action.details')}
          onClick={() => p.onOpen(project.id)}
          data-testid="project-open"
        />
      </Tooltip>
      {p.canEdit ? (
        <LockedButton
          locked={project.locked}
          tip={t('action.edit')}
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('action.edit')}
          onClick={() => p.onEdit(project.id)}
          data-testid="project-edit"
        />
      ) : null}
      {p.canDelete ? (
        <Tooltip title={t('action.delete')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('action.delete')}
            onClick={() => p.onDelete(project)}
            data-testid="project-delete"
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}
