import { Button, Dropdown, Empty, Typography } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FormatPainterOutlined,
  MoreOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail, ProjectScreenSummary } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { LockedButton } from './LockedButton.tsx';
import { designerHref, runtimeHref } from './project-links.ts';

interface Props {
  project: ProjectDetail;
  /** Edit 42: add, rename, delete and design screens. */
  canEdit: boolean;
  onAdd(): void;
  onRename(screen: ProjectScreenSummary): void;
  onDelete(screen: ProjectScreenSummary): void;
}

/**
 * The project's screens: name, version and last edit, each opened running (/scada, view 39) or in
 * the designer (edit 42); added, renamed and deleted here. A locked project's screens still open
 * running; the changes are off with the lock's reason.
 */
export function ProjectScreenList({ project, canEdit, onAdd, onRename, onDelete }: Props) {
  const { t } = useTranslation('project');
  const { locked } = project;
  return (
    <section className="project-section" data-testid="project-screens">
      <div className="project-section-head">
        <Typography.Title level={5} className="project-section-title">
          {t('detail.screens', { count: project.screens.length })}
        </Typography.Title>
        {canEdit ? (
          <LockedButton
            locked={locked}
            size="small"
            icon={<PlusOutlined />}
            onClick={onAdd}
            data-testid="project-screen-add"
          >
            {t('screen.add')}
          </LockedButton>
        ) : null}
      </div>
      {project.screens.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canEdit ? t('screen.emptyEdit') : t('screen.empty')}
        />
      ) : (
        <ul className="project-rows">
          {project.screens.map((s) => (
            <li key={s.id} className="project-row" data-testid="project-screen" data-screen={s.id}>
              <div className="project-row-main">
                <span className="project-row-name">{s.name}</span>
                <span className="project-row-sub">
                  {t('screen.meta', { version: s.version, time: formatDateTime(s.updated_at) })}
                </span>
              </div>
              <div className="project-row-actions">
                <Button
                  size="small"
                  icon={<PlayCircleOutlined />}
                  href={`#${runtimeHref(project.id, s.id)}`}
                  data-testid="project-screen-open"
                >
                  {t('screen.open')}
                </Button>
                {canEdit ? (
                  <>
                    <LockedButton
                      locked={locked}
                      size="small"
                      icon={<FormatPainterOutlined />}
                      href={locked ? undefined : `#${designerHref(s.id)}`}
                      data-testid="project-screen-design"
                    >
                      {t('screen.design')}
                    </LockedButton>
                    {locked ? (
                      <LockedButton
                        locked
                        size="small"
                        type="text"
                        icon={<MoreOutlined />}
                        aria-label={t('action.more')}
                      />
                    ) : (
                      <Dropdown
                        trigger={['click']}
                        placement="bottomRight"
                        menu={{
                          items: [
                            { key: 'rename', icon: <EditOutlined />, label: t('screen.rename') },
                            {
                              key: 'delete',
                              icon: <DeleteOutlined />,
                              label: t('screen.delete'),
                              danger: true,
                            },
                          ],
                          onClick: ({ key }) => (key === 'rename' ? onRename(s) : onDelete(s)),
                        }}
                      >
                        <Button
                          size="small"
                          type="text"
                          icon={<MoreOutlined />}
                          aria-label={t('action.more')}
                          data-testid="project-screen-more"
                        />
                      </Dropdown>
                    )}
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
