import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Dropdown,
  Grid,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableProps,
  type ButtonProps,
} from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  MoreOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { MenuPath, Perm, type TemplateItem } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { useTemplateList } from '../../features/template/use-templates.ts';
import { useDeleteTemplate } from '../../features/template/use-template-mutations.ts';
import { TemplateEditorDrawer } from '../../features/template/TemplateEditorDrawer.tsx';
import { TemplateCopyDialog } from '../../features/template/TemplateCopyDialog.tsx';
import { usePermission } from '../../shared/session/use-permission.ts';
import '../../shared/styles/page-list.css';
import '../../features/template/template.css';

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 350;

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
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [copying, setCopying] = useState<TemplateItem>();
  const [creating, setCreating] = useState(false);
  const remove = useDeleteTemplate();
  const [modal, holder] = Modal.useModal();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useTemplateList({ page, page_size: PAGE_SIZE, ...(query ? { search: query } : {}) });
  const reply = list.data;
  const fromUrl = Number(search.get('templateid'));
  const opened = Number.isSafeInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined;
  // A link's template is looked up through the list first: one the user may not see is an
  // empty list (a note on the page), not a failed detail call.
  const linked = useTemplateList({ page: 1, page_size: 1, templateid: opened ?? 0 }, opened !== undefined);
  const linkedFound = linked.data?.list.some((tpl) => tpl.id === opened) ?? false;
  const linkedMissing = opened !== undefined && linked.isSuccess && !linked.isPlaceholderData && !linkedFound;
  const target = creating ? 'new' : linkedFound ? opened : undefined;
  const limitReached = reply ? reply.count >= reply.max : false;

  const open = (id: number) => setSearch({ templateid: String(id) });
  const closeEditor = () => {
    setCreating(false);
    if (search.has('templateid')) setSearch({}, { replace: true });
  };

  const confirmDelete = (tpl: TemplateItem) =>
    void modal.confirm({
      title: t('delete.title', { name: tpl.name }),
      content: tpl.device_count > 0 ? t('delete.inUse', { count: tpl.device_count }) : t('delete.text'),
      okText: t('delete.submit'),
      okButtonProps: { danger: true, 'data-testid': 'template-delete-confirm' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () => remove.mutateAsync(tpl.id).then(() => successToast(t('delete.done', { name: tpl.name }))),
    });

  const columns = useMemo<TableProps<TemplateItem>['columns']>(() => {
    const cols: TableProps<TemplateItem>['columns'] = [
      {
        title: t('field.name'),
        dataIndex: 'name',
        width: compact ? undefined : 200,
        ellipsis: true,
        fixed: compact ? undefined : 'left',
        render: (_v, tpl) => (
          <div className="template-name-cell">
            <a onClick={() => open(tpl.id)} className="template-name" data-testid="template-name-link">
              <FileTextOutlined /> {tpl.name}
            </a>
            {compact ? (
              <span className="device-sub">
                {t(`type.${tpl.type}`)} · {t('tagsCount', { count: tpl.tag_count })}
              </span>
            ) : null}
          </div>
        ),
      },
      ...(compact
        ? []
        : [
            {
              title: t('field.type'),
              dataIndex: 'type',
              width: 100,
              render: (v: TemplateItem['type']) => (
                <Tag color={v === 'global' ? 'purple' : 'blue'} variant="outlined">
                  {t(`type.${v}`)}
                </Tag>
              ),
            },
          ]),
      ...(compact
        ? []
        : [
            {
              title: t('field.dataCenter'),
              dataIndex: 'data_center',
              width: 110,
              render: (v: string) => t(`common:region.${v}`, { defaultValue: v.toUpperCase() }),
            },
            {
              title: t('field.hmiModel'),
              dataIndex: 'hmi_model',
              width: 130,
              render: (v: string) => v || <span className="device-muted">—</span>,
            },
          ]),
      {
        title: t('field.devices'),
        dataIndex: 'device_count',
        width: compact ? 72 : 90,
        align: 'right',
        render: (v: number, tpl) =>
          v > 0 ? (
            <Link to={`${MenuPath.DeviceList}?template_id=${tpl.id}`}>{v}</Link>
          ) : (
            <span className="device-muted">0</span>
          ),
      },
      ...(compact
        ? []
        : [
            { title: t('field.tags'), dataIndex: 'tag_count', width: 80, align: 'right' as const },
            {
              title: t('field.created'),
              dataIndex: 'created_at',
              width: 150,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('field.description'),
              dataIndex: 'description',
              ellipsis: { showTitle: true },
              render: (v: string) => v || <span className="device-muted">—</span>,
            },
          ]),
      {
        key: 'actions',
        title: compact ? '' : t('field.actions'),
        fixed: compact ? undefined : 'right',
        width: compact ? 48 : 100,
        align: 'right',
        render: (_v, tpl) => (
          <Space size={2}>
            {!compact ? (
              <Tooltip title={canEdit ? t('action.edit') : t('action.view')}>
                <Button
                  type="text"
                  size="small"
                  icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
                  aria-label={canEdit ? t('action.edit') : t('action.view')}
                  onClick={() => open(tpl.id)}
                />
              </Tooltip>
            ) : null}
            {canCopy || canDelete || compact ? (
              <Dropdown
                trigger={['click']}
                placement="bottomRight"
                menu={{
                  items: [
                    ...(compact
                      ? [
                          {
                            key: 'open',
                            icon: canEdit ? <EditOutlined /> : <EyeOutlined />,
                            label: canEdit ? t('action.edit') : t('action.view'),
                          },
                        ]
                      : []),
                    ...(canCopy
                      ? [
                          {
                            key: 'copy',
                            icon: <CopyOutlined />,
                            label: t('action.copy'),
                            disabled: limitReached,
                          },
                        ]
                      : []),
                    ...(canDelete
                      ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('action.delete'), danger: true }]
                      : []),
                  ],
                  onClick: ({ key }) => {
                    if (key === 'open') open(tpl.id);
                    if (key === 'copy') setCopying(tpl);
                    if (key === 'delete') confirmDelete(tpl);
                  },
                }}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<MoreOutlined />}
                  aria-label={t('action.more')}
                  data-testid="template-more"
                />
              </Dropdown>
            ) : null}
          </Space>
        ),
      },
    ];
    return cols;
    // open/confirmDelete only close over stable setters and the permission flags listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, compact, canEdit, canCopy, canDelete, limitReached]);

  return (
    <div className="device-page" data-testid="template-list-page">
      {holder}
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
              onClick={() => setCreating(true)}
              data-testid="template-add"
            >
              {t('add')}
            </Button>
          </Tooltip>
        ) : null}
      </div>
      {linkedMissing ? (
        <Alert
          type="warning"
          showIcon
          title={t('editor.notFound')}
          closable={{ onClose: closeEditor }}
          data-testid="template-not-found"
        />
      ) : null}
      <Card className="device-card" styles={{ body: { padding: compact ? 12 : 16 } }}>
        <div className="device-filters">
          <div className="device-filters-row">
            <Input
              allowClear
              prefix={<SearchOutlined className="device-muted" />}
              placeholder={t('search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="device-search"
              maxLength={64}
              data-testid="template-search"
            />
          </div>
        </div>
        <Table<TemplateItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reply?.list ?? []}
          loading={list.isPending}
          tableLayout="fixed"
          scroll={{ x: compact ? undefined : 1080 }}
          data-testid="template-table"
          locale={{ emptyText: <div className="device-no-match">{query ? t('noMatch') : t('empty')}</div> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: reply?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            simple: compact,
            hideOnSinglePage: true,
          }}
        />
      </Card>
      <TemplateEditorDrawer target={target} canEdit={canEdit} onClose={closeEditor} />
      <TemplateCopyDialog source={copying} onClose={() => setCopying(undefined)} />
    </div>
  );
}
