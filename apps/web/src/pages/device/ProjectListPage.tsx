import { Alert, Button, Card, Grid, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { ProjectTable } from '../../features/project/ProjectTable.tsx';
import { ProjectEditorDrawer } from '../../features/project/ProjectEditorDrawer.tsx';
import { ProjectDetailDrawer } from '../../features/project/ProjectDetailDrawer.tsx';
import { useProjectListPage } from './use-project-list-page.ts';
import '../../shared/styles/page-list.css';

/**
 * /device/projectlist: multi-device projects (view 39; add 40, edit 42, delete 43). The search
 * and a `?projectid=` link (the login redirect, SPEC section 2) are in the URL: the link shows
 * that project alone, as a filter chip, and opens its detail. One filter and a chip: a filter
 * row (as the template list), no phone toggle.
 */
export function ProjectListPage() {
  const { t } = useTranslation('project');
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const canEdit = can(Perm.ProjectEdit);
  const s = useProjectListPage();
  const reply = s.list.data;
  const linkedName = s.linked !== undefined ? reply?.list.find((p) => p.id === s.linked)?.name : undefined;

  return (
    <div className="device-page" data-testid="project-list-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {t('subtitle')}
          </Typography.Text>
        </div>
        {can(Perm.ProjectAdd) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => s.openEditor('new')}
            data-testid="project-add"
          >
            {t('add')}
          </Button>
        ) : null}
      </div>
      {s.missing ? (
        <Alert
          type="warning"
          showIcon
          title={t('notFound')}
          closable={{ onClose: s.clearLinked }}
          data-testid="project-not-found"
        />
      ) : null}
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <FilterRow>
          <SearchInput
            value={s.search}
            onSearch={s.onSearch}
            placeholder={t('search')}
            className="device-search"
            testId="project-search"
          />
          {s.linked !== undefined ? (
            <Tag closable onClose={s.clearLinked} color="processing" data-testid="project-linked">
              {t('linked', { name: linkedName ?? `#${s.linked}` })}
            </Tag>
          ) : null}
        </FilterRow>
        <ProjectTable
          reply={reply}
          loading={s.list.isPending || (s.list.isFetching && s.list.isPlaceholderData)}
          filtered={s.search !== undefined || s.linked !== undefined}
          page={s.page}
          pageSize={s.pageSize}
          onPage={s.onPage}
          compact={compact}
          canEdit={canEdit}
          canDelete={can(Perm.ProjectDelete)}
          onOpen={s.openDetail}
          onEdit={s.openEditor}
          onDelete={s.confirmDelete}
        />
      </Card>
      <ProjectDetailDrawer
        projectId={s.detailId}
        canEdit={canEdit}
        onEdit={s.openEditor}
        onClose={s.closeDetail}
      />
      <ProjectEditorDrawer
        target={s.editing}
        canEdit={canEdit}
        onClose={s.closeEditor}
        onCreated={(p) => s.openDetail(p.id)}
      />
    </div>
  );
}
