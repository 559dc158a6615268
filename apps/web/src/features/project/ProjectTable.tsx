import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectItem, ProjectListReply } from '@hmi/domain';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';
import { projectColumns } from './project-columns.tsx';
import type { ProjectRowHandlers, ProjectRowRights } from './ProjectRowActions.tsx';
import './project.css';

interface Props extends ProjectRowRights, ProjectRowHandlers {
  reply: ProjectListReply | undefined;
  loading: boolean;
  /** A search or a linked project is on: an empty list says no match rather than no projects. */
  filtered: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
}

/** The project list: one page of the team's projects (as the user may see them) with their actions. */
export function ProjectTable({ reply, loading, filtered, page, pageSize, onPage, ...row }: Props) {
  const { t } = useTranslation('project');
  const { compact, canEdit, canDelete, onOpen, onEdit, onDelete } = row;
  const columns = useMemo(
    () => projectColumns(t, { compact, canEdit, canDelete }, { onOpen, onEdit, onDelete }),
    [t, compact, canEdit, canDelete, onOpen, onEdit, onDelete],
  );
  return (
    <PagedTable<ProjectItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: compact ? undefined : 960 }}
      data-testid="project-table"
      locale={{ emptyText: <div className="device-no-match">{filtered ? t('noMatch') : t('empty')}</div> }}
      compact={compact}
      paging={{
        page,
        pageSize,
        total: reply?.total ?? 0,
        onChange: onPage,
        totalText: (n) => t('total', { count: n }),
      }}
    />
  );
}
