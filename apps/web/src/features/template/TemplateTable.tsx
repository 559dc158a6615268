import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, Dropdown, Space, Tag, Tooltip, type TableProps } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { MenuPath, type TemplateItem, type TemplateListReply } from '@hmi/domain';
import { TemplateLockedTag } from './TemplateLockedTag.tsx';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

type Columns = NonNullable<TableProps<TemplateItem>['columns']>;

export interface TemplateRowRights {
  compact: boolean;
  canEdit: boolean;
  canCopy: boolean;
  canDelete: boolean;
  /** The team's template limit: copying is off. */
  limitReached: boolean;
  /** Device view (2): the device count links to the device list filtered by the template. */
  canViewDevices: boolean;
}

export interface TemplateRowHandlers {
  onOpen(id: number): void;
  onCopy(tpl: TemplateItem): void;
  onDelete(tpl: TemplateItem): void;
}

type RowActionsProps = TemplateRowRights & TemplateRowHandlers & { tpl: TemplateItem };

/** Open (a button on a desktop) and the menu of copy, delete (and open on a phone); a locked one opens read-only. */
function TemplateRowActions(p: RowActionsProps) {
  const { t } = useTranslation('template');
  const { tpl, compact, canCopy, canDelete } = p;
  const canEdit = p.canEdit && !tpl.locked;
  const openLabel = canEdit ? t('action.edit') : t('action.view');
  const openIcon = canEdit ? <EditOutlined /> : <EyeOutlined />;
  return (
    <Space size={2}>
      {!compact ? (
        <Tooltip title={openLabel}>
          <Button
            type="text"
            size="small"
            icon={openIcon}
            aria-label={openLabel}
            onClick={() => p.onOpen(tpl.id)}
          />
        </Tooltip>
      ) : null}
      {canCopy || canDelete || compact ? (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [
              ...(compact ? [{ key: 'open', icon: openIcon, label: openLabel }] : []),
              ...(canCopy
                ? [
                    {
                      key: 'copy',
                      icon: <CopyOutlined />,
                      label: t('action.copy'),
                      disabled: p.limitReached || tpl.locked,
                    },
                  ]
                : []),
              ...(canDelete
                ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('action.delete'), danger: true }]
                : []),
            ],
            onClick: ({ key }) => {
              if (key === 'open') p.onOpen(tpl.id);
              if (key === 'copy') p.onCopy(tpl);
              if (key === 'delete') p.onDelete(tpl);
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
  );
}

const muted = (v: string) => v || <span className="device-muted">—</span>;

/** The columns: name (type and tag count under it on a phone), desktop-only details, devices, actions. */
function templateColumns(t: TFunction, rights: TemplateRowRights, handlers: TemplateRowHandlers): Columns {
  const { compact } = rights;
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: compact ? undefined : 200,
      ellipsis: true,
      fixed: compact ? undefined : 'left',
      render: (_v, tpl) => (
        <div className="template-name-cell">
          <span className="template-name-line">
            <a
              onClick={() => handlers.onOpen(tpl.id)}
              className="template-name"
              data-testid="template-name-link"
            >
              <FileTextOutlined /> {tpl.name}
            </a>
            {tpl.locked ? <TemplateLockedTag /> : null}
          </span>
          {compact ? (
            <span className="device-sub">
              {t(`type.${tpl.type}`)} · {t('tagsCount', { count: tpl.tag_count })}
            </span>
          ) : null}
        </div>
      ),
    },
    ...desktop([
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
      {
        title: t('field.dataCenter'),
        dataIndex: 'data_center',
        width: 110,
        render: (v: string) => t(`common:region.${v}`, { defaultValue: v.toUpperCase() }),
      },
      { title: t('field.hmiModel'), dataIndex: 'hmi_model', width: 130, render: muted },
    ]),
    {
      title: t('field.devices'),
      dataIndex: 'device_count',
      width: compact ? 72 : 90,
      align: 'right',
      render: (v: number, tpl) =>
        v > 0 && rights.canViewDevices ? (
          <Link to={`${MenuPath.DeviceList}?template_id=${tpl.id}`}>{v}</Link>
        ) : (
          <span className={v > 0 ? undefined : 'device-muted'}>{v}</span>
        ),
    },
    ...desktop([
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
        render: muted,
      },
    ]),
    {
      key: 'actions',
      title: compact ? '' : t('field.actions'),
      fixed: compact ? undefined : 'right',
      width: compact ? 48 : 100,
      align: 'right',
      render: (_v, tpl) => <TemplateRowActions tpl={tpl} {...rights} {...handlers} />,
    },
  ];
}

interface Props extends TemplateRowRights, TemplateRowHandlers {
  reply: TemplateListReply | undefined;
  loading: boolean;
  /** A search is on: an empty list says no match rather than no templates. */
  searching: boolean;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}

/** The template list: one page of the team's templates with their actions. */
export function TemplateTable({ reply, loading, searching, page, pageSize, onPage, ...row }: Props) {
  const { t } = useTranslation('template');
  const { compact, canEdit, canCopy, canDelete, limitReached, canViewDevices, onOpen, onCopy, onDelete } =
    row;
  const columns = useMemo(
    () =>
      templateColumns(
        t,
        { compact, canEdit, canCopy, canDelete, limitReached, canViewDevices },
        { onOpen, onCopy, onDelete },
      ),
    // The handlers only close over stable setters and the permission flags listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, compact, canEdit, canCopy, canDelete, limitReached, canViewDevices],
  );
  return (
    <PagedTable<TemplateItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: compact ? undefined : 1080 }}
      data-testid="template-table"
      locale={{ emptyText: <div className="device-no-match">{searching ? t('noMatch') : t('empty')}</div> }}
      compact={compact}
      paging={{ page: page, pageSize: pageSize, total: reply?.total ?? 0, onChange: onPage }}
    />
  );
}
