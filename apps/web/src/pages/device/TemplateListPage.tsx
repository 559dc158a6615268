import { Alert, Button, Card, Grid, Input, Tooltip, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { TemplateEditorDrawer } from '../../features/template/TemplateEditorDrawer.tsx';
import { TemplateCopyDialog } from '../../features/template/TemplateCopyDialog.tsx';
import { TemplateTable } from '../../features/template/TemplateTable.tsx';
import { PAGE_SIZE, useTemplateListPage } from './use-template-list-page.ts';
import '../../shared/styles/page-list.css';
import '../../features/template/template.css';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';

/** /device/templatelist: single-device templates; ?templateid=ID opens that template. */
export function TemplateListPage() {
  const { t } = useTranslation('template');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const can = usePermission();
  const canAdd = can(Perm.TemplateAdd);
  const canCopy = can(Perm.TemplateCopy);
  const canEdit = can(Perm.TemplateEdit);
  const canDelete = can(Perm.TemplateDelete);
  const canViewDevices = can(Perm.DeviceView);
  const s = useTemplateListPage();
  const { reply, limitReached } = s;

  return (
    <div className="device-page" data-testid="template-list-page">
      {s.holder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub">
            {reply ? t('usage', { count: reply.count, max: reply.max }) : '\u00a0'}
          </Typography.Text>
        </div>
        {canAdd ? (
          <Tooltip title={limitReached ? t('limitReached') : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={limitReached}
              onClick={() => s.setCreating(true)}
              data-testid="template-add"
            >
              {t('add')}
            </Button>
          </Tooltip>
        ) : null}
      </div>
      {s.missing ? (
        <Alert
          type="warning"
          showIcon
          title={t('editor.notFound')}
          closable={{ onClose: s.closeEditor }}
          data-testid="template-not-found"
        />
      ) : null}
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <FilterRow>
          <Input
            allowClear
            prefix={<SearchOutlined className="device-muted" />}
            placeholder={t('search')}
            value={s.text}
            onChange={(e) => s.setText(e.target.value)}
            className="device-search"
            maxLength={64}
            data-testid="template-search"
          />
        </FilterRow>
        <TemplateTable
          reply={reply}
          loading={s.list.isPending}
          searching={s.query !== ''}
          page={s.page}
          pageSize={PAGE_SIZE}
          onPage={s.setPage}
          compact={compact}
          canEdit={canEdit}
          canCopy={canCopy}
          canDelete={canDelete}
          limitReached={limitReached}
          canViewDevices={canViewDevices}
          onOpen={s.open}
          onCopy={s.setCopying}
          onDelete={s.confirmDelete}
        />
      </Card>
      <TemplateEditorDrawer target={s.target} canEdit={canEdit} onClose={s.closeEditor} />
      <TemplateCopyDialog source={s.copying} onClose={() => s.setCopying(undefined)} />
    </div>
  );
}
