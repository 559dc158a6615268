import { Alert, Drawer, Grid, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { useProjectDetail } from './use-projects.ts';
import { useProjectDetailActions } from './use-project-detail-actions.ts';
import { LockedButton } from './LockedButton.tsx';
import { ProjectLockedTag } from './ProjectLockedTag.tsx';
import { ProjectDeviceList } from './ProjectDeviceList.tsx';
import { ProjectScreenList } from './ProjectScreenList.tsx';
import { ProjectFailure } from './ProjectFailure.tsx';
import { ScreenNameDialog } from './ScreenNameDialog.tsx';
import { RecipeList } from './RecipeList.tsx';
import { ShareLinksSection } from './share-links-section.tsx';
import './project.css';

interface Props {
  /** The project shown; undefined = closed. */
  projectId: number | undefined;
  /** Edit 42: the editor, screens and devices. */
  canEdit: boolean;
  onEdit(id: number): void;
  onClose(): void;
}

function ProjectSummary({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('project');
  return (
    <div className="project-summary">
      {project.locked ? (
        <Alert
          type="warning"
          showIcon
          title={t('locked.notice')}
          description={t('locked.tooltip')}
          className="project-locked-notice"
          data-testid="project-locked-notice"
        />
      ) : null}
      <Typography.Paragraph
        type={project.description ? undefined : 'secondary'}
        className="project-description"
      >
        {project.description || t('detail.noDescription')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className="project-summary-meta">
        {t('detail.meta', {
          created: formatDateTime(project.created_at),
          updated: formatDateTime(project.updated_at),
        })}
      </Typography.Text>
    </div>
  );
}

/**
 * A project's detail (view 39): its devices as the user may see them (online state; a device
 * outside their data permissions shows as hidden) and its screens, each opened running or in the
 * designer, with the changes of edit 42 (add, rename and delete screens, take a device out), and
 * its recipes (RecipeList: edited, applied, exported and imported there).
 */
export function ProjectDetailDrawer({ projectId, canEdit, onEdit, onClose }: Props) {
  const { t } = useTranslation('project');
  const screens = Grid.useBreakpoint();
  const detail = useProjectDetail(projectId);
  const project = detail.data?.id === projectId ? detail.data : undefined;
  const a = useProjectDetailActions(project);
  const deviceName = (id: number) => project?.devices.find((d) => d.id === id && d.visible)?.name;

  return (
    <Drawer
      open={projectId !== undefined}
      onClose={onClose}
      size={screens.md ? 620 : '100%'}
      destroyOnHidden
      data-testid="project-detail"
      title={
        <span className="project-name-line">
          <span className="project-detail-title">{project?.name ?? t('detail.title')}</span>
          {project?.locked ? <ProjectLockedTag /> : null}
        </span>
      }
      extra={
        project && canEdit ? (
          <LockedButton
            locked={project.locked}
            icon={<EditOutlined />}
            onClick={() => onEdit(project.id)}
            data-testid="project-detail-edit"
          >
            {t('action.edit')}
          </LockedButton>
        ) : null
      }
    >
      {a.holder}
      {detail.isError && !project ? (
        <Alert type="error" showIcon title={t('notFound')} data-testid="project-detail-failed" />
      ) : !project ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="project-detail-body">
          <ProjectSummary project={project} />
          {a.failure ? (
            <ProjectFailure
              text={a.failure.text}
              error={a.failure.error}
              deviceName={deviceName}
              onClose={a.clearFailure}
              testId="project-device-error"
            />
          ) : null}
          <ProjectDeviceList
            project={project}
            canEdit={canEdit}
            removing={a.removing}
            onRemove={a.confirmRemoveDevice}
          />
          <ProjectScreenList
            project={project}
            canEdit={canEdit}
            onAdd={a.openAdd}
            onRename={a.openRename}
            onDelete={a.confirmDeleteScreen}
          />
          <RecipeList project={project} />
          {canEdit ? <ShareLinksSection project={project} /> : null}
        </div>
      )}
      <ScreenNameDialog state={a.dialog} onClose={a.closeDialog} />
    </Drawer>
  );
}
