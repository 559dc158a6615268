import type { TableProps } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ProjectItem } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { ProjectLockedTag } from './ProjectLockedTag.tsx';
import { ProjectRowActions, type ProjectRowHandlers, type ProjectRowRights } from './ProjectRowActions.tsx';

type Columns = NonNullable<TableProps<ProjectItem>['columns']>;

const muted = (v: string) => v || <span className="device-muted">—</span>;

/**
 * The project list's columns: name (on a phone with its counts and the lock under it), then on a
 * desktop the description, devices, screens, last edit and lock state, and the actions.
 */
export function projectColumns(
  t: TFunction,
  rights: ProjectRowRights,
  handlers: ProjectRowHandlers,
): Columns {
  const { compact } = rights;
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: compact ? undefined : 220,
      ellipsis: true,
      fixed: compact ? undefined : 'left',
      render: (_v, p) => (
        <div className="project-name-cell">
          <span className="project-name-line">
            <a onClick={() => handlers.onOpen(p.id)} className="project-name" data-testid="project-name-link">
              <FolderOpenOutlined /> {p.name}
            </a>
            {compact && p.locked ? <ProjectLockedTag /> : null}
          </span>
          {compact ? (
            <span className="project-sub">
              {t('deviceCount', { count: p.device_count })} · {t('screenCount', { count: p.screen_count })}
            </span>
          ) : null}
        </div>
      ),
    },
    ...desktop([
      {
        title: t('field.description'),
        dataIndex: 'description',
        ellipsis: { showTitle: true },
        render: muted,
      },
      { title: t('field.devices'), dataIndex: 'device_count', width: 90, align: 'right' as const },
      { title: t('field.screens'), dataIndex: 'screen_count', width: 90, align: 'right' as const },
      {
        title: t('field.updated'),
        dataIndex: 'updated_at',
        width: 170,
        render: (v: number) => formatDateTime(v),
      },
      {
        title: t('field.state'),
        dataIndex: 'locked',
        width: 110,
        render: (locked: boolean) =>
          locked ? <ProjectLockedTag /> : <span className="device-muted">{t('state.usable')}</span>,
      },
    ]),
    {
      key: 'actions',
      title: compact ? '' : t('field.actions'),
      fixed: compact ? undefined : 'right',
      width: compact ? 48 : 112,
      align: 'right',
      render: (_v, p) => <ProjectRowActions project={p} {...rights} {...handlers} />,
    },
  ];
}
