import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Dropdown,
  Empty,
  Grid,
  Input,
  Modal,
  Result,
  Space,
  Tooltip,
  Typography,
  Upload,
  type ButtonProps,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FolderOutlined,
  MoreOutlined,
  PlusOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuPath, Perm, type AlarmRule } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { TemplateSelect } from '../../features/template/TemplateSelect.tsx';
import {
  useTemplateDetail,
  useTemplateList,
  useTemplateOptions,
} from '../../features/template/use-templates.ts';
import { AlarmGroupSelect } from '../../features/alarm/AlarmGroupSelect.tsx';
import { AlarmGroupsDrawer } from '../../features/alarm/AlarmGroupsDrawer.tsx';
import { AlarmRuleDialog } from '../../features/alarm/AlarmRuleDialog.tsx';
import { AlarmRuleTable } from '../../features/alarm/AlarmRuleTable.tsx';
import { ImportErrorsDialog } from '../../features/alarm/ImportErrorsDialog.tsx';
import { useAlarmRuleMutations, useAlarmRules } from '../../features/alarm/use-alarm-rules.ts';
import { useRuleFiles } from '../../features/alarm/use-rule-files.ts';
import { matchesRule } from '../../features/alarm/rule-filter.ts';
import '../../shared/styles/page-list.css';
import '../../features/alarm/alarm.css';

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * /alarm/alarmRules: the alarm rules of one single-device template (`?templateid=` picks it,
 * else the first), with groups, add/edit, bulk delete, xlsx import and export.
 */
export function AlarmRulesPage() {
  const { t } = useTranslation('alarm');
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const allowed = can(Perm.DeviceAlarm);
  const [search, setSearch] = useSearchParams();
  const templates = useTemplateOptions(allowed);
  const templateId = positive(search.get('templateid'));
  const groupId = positive(search.get('group'));

  // No template in the link: the first of the team's, without a history entry.
  const first = templates.list[0]?.id;
  useEffect(() => {
    if (templateId === undefined && first !== undefined)
      setSearch({ templateid: String(first) }, { replace: true });
  }, [templateId, first, setSearch]);

  // A linked template is looked up through the list first: one the user may not see is a note.
  const linked = useTemplateList(
    { page: 1, page_size: 1, templateid: templateId ?? 0 },
    allowed && templateId !== undefined,
  );
  const template = linked.data?.list.find((tpl) => tpl.id === templateId);
  const missing = templateId !== undefined && linked.isSuccess && !linked.isPlaceholderData && !template;
  const detail = useTemplateDetail(template?.id);
  const tags = useMemo(() => detail.data?.tags ?? [], [detail.data]);
  const tagTypes = useMemo(() => new Map(tags.map((tg) => [tg.id, tg.data_type])), [tags]);

  const rules = useAlarmRules(template?.id);
  const reply = rules.data;
  const [text, setText] = useState('');
  const visible = useMemo(
    () => (reply?.list ?? []).filter((r) => matchesRule(r, { groupId, text })),
    [reply, groupId, text],
  );
  const full = reply ? reply.count >= reply.max : false;

  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ rule?: AlarmRule }>();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const { remove } = useAlarmRuleMutations();
  const files = useRuleFiles(template?.id, template?.name ?? '');
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => setSelected([]), [templateId]);
  const setParam = (key: string, value: number | undefined) => {
    const next = new URLSearchParams(search);
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
    if (key === 'templateid') next.delete('group');
    setSearch(next, { replace: true });
  };

  const confirmDelete = useCallback(
    (ids: number[], name?: string) =>
      void modal.confirm({
        title: name ? t('rule.deleteOne', { name }) : t('rule.deleteMany', { count: ids.length }),
        content: t('rule.deleteText'),
        okText: t('delete'),
        okButtonProps: { danger: true, 'data-testid': 'alarm-rule-delete-confirm' } as ButtonProps,
        cancelText: t('common:cancel'),
        onOk: () =>
          remove.mutateAsync(ids).then(() => {
            successToast(t('rule.deleted', { count: ids.length }));
            setSelected((s) => s.filter((id) => !ids.includes(id)));
          }, toastFailure),
      }),
    [modal, remove, t],
  );
  const onDelete = useCallback((r: AlarmRule) => confirmDelete([r.id], r.name), [confirmDelete]);
  const onEdit = useCallback((rule: AlarmRule) => setEditing({ rule }), []);

  if (!allowed) return <Result status="403" title={t('errors:1002')} />;

  const noTemplates = templates.isSuccess && templates.list.length === 0;
  const otherNames = (reply?.list ?? []).filter((r) => r.id !== editing?.rule?.id).map((r) => r.name);
  const fileItems = [
    { key: 'export', icon: <DownloadOutlined />, label: t('files.export'), disabled: !reply?.count },
    { key: 'template', icon: <FileExcelOutlined />, label: t('files.downloadTemplate') },
  ];
  const importButton = (
    <Upload
      accept=".xls,.xlsx"
      showUploadList={false}
      disabled={!template || full}
      beforeUpload={(file) => {
        files.importFile(file);
        return false;
      }}
    >
      <Button
        icon={<UploadOutlined />}
        loading={files.importing}
        disabled={!template || full}
        data-testid="alarm-rule-import"
      >
        {compact ? null : t('files.import')}
      </Button>
    </Upload>
  );

  return (
    <div className="device-page alarm-page" data-testid="alarm-rules-page">
      {modalHolder}
      <div className="device-page-head">
        <div>
          <h1 className="device-page-title">{t('rules.title')}</h1>
          <Typography.Text type="secondary" className="device-page-sub" data-testid="alarm-rule-usage">
            {reply ? t('rules.usage', { count: reply.count, max: reply.max }) : '\u00a0'}
          </Typography.Text>
        </div>
        <Space wrap className="alarm-head-actions">
          <Button
            icon={<FolderOutlined />}
            onClick={() => setGroupsOpen(true)}
            data-testid="alarm-groups-open"
          >
            {compact ? null : t('group.title')}
          </Button>
          {importButton}
          <Dropdown
            trigger={['click']}
            menu={{
              items: fileItems,
              onClick: ({ key }) => (key === 'export' ? files.exportRules() : files.downloadTemplate()),
            }}
          >
            <Button
              icon={compact ? <MoreOutlined /> : <DownloadOutlined />}
              loading={files.busy !== null}
              disabled={!template}
              aria-label={t('files.more')}
              data-testid="alarm-rule-files"
            >
              {compact ? null : t('files.more')}
            </Button>
          </Dropdown>
          <Tooltip title={full ? t('rules.full', { max: reply?.max }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!template || full || detail.isPending}
              onClick={() => setEditing({})}
              data-testid="alarm-rule-add"
            >
              {t('rule.add')}
            </Button>
          </Tooltip>
        </Space>
      </div>

      {missing ? (
        <Alert
          type="warning"
          showIcon
          title={t('rules.templateMissing')}
          data-testid="alarm-template-missing"
        />
      ) : null}

      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <div className="device-filters">
          <div className="device-filters-row">
            <TemplateSelect
              value={templateId}
              onChange={(id) => setParam('templateid', id)}
              placeholder={t('rules.pickTemplate')}
              className="alarm-filter-template"
              data-testid="alarm-template-select"
            />
            <AlarmGroupSelect
              value={groupId}
              onChange={(id) => setParam('group', id ?? undefined)}
              placeholder={t('filter.allGroups')}
              className="alarm-filter"
              data-testid="alarm-group-filter"
            />
            <Input
              allowClear
              prefix={<SearchOutlined className="alarm-muted" />}
              placeholder={t('rules.search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="alarm-filter-search"
              maxLength={64}
              data-testid="alarm-rule-search"
            />
          </div>
        </div>
        {selected.length > 0 ? (
          <div className="device-bulk" data-testid="alarm-rule-bulk">
            <span className="device-bulk-count">{t('bulk.selected', { count: selected.length })}</span>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmDelete(selected)}
              data-testid="alarm-rule-bulk-delete"
            >
              {t('delete')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('bulk.clear')}
            </Button>
          </div>
        ) : null}
        {noTemplates ? (
          <Empty description={t('rules.noTemplates')} data-testid="alarm-no-templates">
            <Link to={MenuPath.TemplateList}>{t('rules.toTemplates')}</Link>
          </Empty>
        ) : (
          <AlarmRuleTable
            rules={visible}
            tagTypes={tagTypes}
            loading={rules.isLoading || templates.isPending}
            compact={compact}
            selected={selected}
            onSelect={setSelected}
            onEdit={onEdit}
            onDelete={onDelete}
            empty={
              <div className="alarm-empty">
                {reply && reply.count > 0 ? t('rules.noMatch') : t('rules.empty')}
              </div>
            }
          />
        )}
      </Card>

      {editing && template ? (
        <AlarmRuleDialog
          templateId={template.id}
          tags={tags}
          rule={editing.rule}
          otherNames={otherNames}
          defaultGroup={groupId}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <AlarmGroupsDrawer open={groupsOpen} onClose={() => setGroupsOpen(false)} />
      {files.refused ? (
        <ImportErrorsDialog
          fileName={files.refused.fileName}
          rows={files.refused.rows}
          onClose={files.clearRefused}
        />
      ) : null}
    </div>
  );
}
