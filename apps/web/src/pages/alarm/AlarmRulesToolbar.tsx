import { Button, Dropdown, Input, Space, Tooltip, Upload } from 'antd';
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
import { TemplateSelect } from '../../features/template/TemplateSelect.tsx';
import { AlarmGroupSelect } from '../../features/alarm/AlarmGroupSelect.tsx';
import type { AlarmRulesPageState } from './use-alarm-rules-page.ts';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';

interface Props {
  s: AlarmRulesPageState;
  compact: boolean;
}

/** The head's actions: groups, xlsx import, the export and template files, add a rule. */
export function AlarmRulesHeadActions({ s, compact }: Props) {
  const { t } = useTranslation('alarm');
  const { template, full, files, reply } = s;
  const fileItems = [
    { key: 'export', icon: <DownloadOutlined />, label: t('files.export'), disabled: !reply?.count },
    { key: 'template', icon: <FileExcelOutlined />, label: t('files.downloadTemplate') },
  ];
  return (
    <Space wrap className="alarm-head-actions">
      <Button icon={<FolderOutlined />} onClick={() => s.setGroupsOpen(true)} data-testid="alarm-groups-open">
        {compact ? null : t('group.title')}
      </Button>
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
          disabled={!template || full || s.detail.isPending}
          onClick={() => s.setEditing({})}
          data-testid="alarm-rule-add"
        >
          {t('rule.add')}
        </Button>
      </Tooltip>
    </Space>
  );
}

/** Template, group and text filters, then the bulk bar while rules are selected. */
export function AlarmRulesFilters({ s }: { s: AlarmRulesPageState }) {
  const { t } = useTranslation('alarm');
  return (
    <>
      <FilterRow>
        <TemplateSelect
          value={s.templateId}
          onChange={(id) => s.setParam('templateid', id)}
          placeholder={t('rules.pickTemplate')}
          className="alarm-filter-template"
          data-testid="alarm-template-select"
        />
        <AlarmGroupSelect
          value={s.groupId}
          onChange={(id) => s.setParam('group', id ?? undefined)}
          placeholder={t('filter.allGroups')}
          className="alarm-filter"
          data-testid="alarm-group-filter"
        />
        <Input
          allowClear
          prefix={<SearchOutlined className="alarm-muted" />}
          placeholder={t('rules.search')}
          value={s.text}
          onChange={(e) => s.setText(e.target.value)}
          className="alarm-filter-search"
          maxLength={64}
          data-testid="alarm-rule-search"
        />
      </FilterRow>
      {s.selected.length > 0 ? (
        <div className="device-bulk" data-testid="alarm-rule-bulk">
          <span className="device-bulk-count">{t('bulk.selected', { count: s.selected.length })}</span>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => s.confirmDelete(s.selected)}
            data-testid="alarm-rule-bulk-delete"
          >
            {t('delete')}
          </Button>
          <Button size="small" type="link" onClick={() => s.setSelected([])}>
            {t('bulk.clear')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
