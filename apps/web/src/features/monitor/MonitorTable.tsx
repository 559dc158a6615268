import { useMemo } from 'react';
import { Badge, Button, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tagDataTypeName, type MonitorTag } from '@hmi/domain';
import { useLiveValue, type LiveValueStore } from '../live/index.ts';
import { AlarmStatusCell } from '../alarm/index.ts';
import { formatTagValue, isWritable, tagQuality, type TagQuality } from './tag-value.ts';

const qualityStatus: Record<TagQuality, 'success' | 'warning' | 'default'> = {
  fresh: 'success',
  stale: 'warning',
  offline: 'default',
};

interface Props {
  /** The device shown (its tags' alarm status). */
  deviceId: number | undefined;
  tags: readonly MonitorTag[];
  values: LiveValueStore;
  online: boolean;
  now: number;
  loading: boolean;
  compact: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  selected: number[];
  onSelect(pointIds: number[]): void;
  onWrite(tag: MonitorTag): void;
  onEdit(tag: MonitorTag): void;
  onDelete(tag: MonitorTag): void;
}

/** The desktop columns fit what a 1440 px window leaves beside the menu; narrower ones scroll. */
const DESKTOP_WIDTH = 1060;

/** The live table: one row per tag (template tags, then points), the value updating in place. */
export function MonitorTable(props: Props) {
  const { t } = useTranslation('monitor');
  const { tags, values, online, now, compact } = props;

  const columns = useMemo<TableProps<MonitorTag>['columns']>(() => {
    const cols: NonNullable<TableProps<MonitorTag>['columns']> = [
      {
        key: 'name',
        title: t('column.name'),
        dataIndex: 'name',
        ellipsis: true,
        width: compact ? undefined : 220,
        render: (_: unknown, r) => (
          <div className="monitor-name">
            <span className="monitor-name-text" title={r.name}>
              {r.name}
            </span>
            <span className="monitor-muted monitor-small">
              {compact
                ? `${tagDataTypeName(r.data_type)} · ${t(`rw.${r.rw}`)}`
                : `${t(`source.${r.source}`)} · ${tagDataTypeName(r.data_type) ?? r.data_type} · ${t(`rw.${r.rw}`)}`}
            </span>
          </div>
        ),
      },
      {
        key: 'value',
        title: t('column.value'),
        width: compact ? 100 : 150,
        render: (_: unknown, r) => <ValueCell store={values} tag={r} />,
      },
    ];
    if (compact) {
      // A phone: the alarm and quality dots share one headed column (their words are in the tooltips).
      cols.push({
        key: 'status',
        title: t('column.status'),
        width: 64,
        render: (_: unknown, r) => (
          <Space size={6}>
            <AlarmStatusCell deviceId={props.deviceId} tagId={r.tag_id} name={r.name} dotOnly />
            <QualityCell store={values} tag={r} online={online} now={now} dotOnly />
          </Space>
        ),
      });
    } else {
      cols.push(
        {
          key: 'alarm',
          title: t('column.alarm'),
          width: 96,
          render: (_: unknown, r) => (
            <AlarmStatusCell deviceId={props.deviceId} tagId={r.tag_id} name={r.name} dotOnly={false} />
          ),
        },
        {
          key: 'quality',
          title: t('column.quality'),
          width: 100,
          render: (_: unknown, r) => (
            <QualityCell store={values} tag={r} online={online} now={now} dotOnly={false} />
          ),
        },
        {
          key: 'updated',
          title: t('column.updated'),
          width: 96,
          render: (_: unknown, r) => <UpdatedCell store={values} tag={r} />,
        },
        {
          key: 'address',
          title: t('column.address'),
          ellipsis: true,
          render: (_: unknown, r) => <span className="monitor-mono">{r.address || '—'}</span>,
        },
        {
          key: 'config',
          title: t('column.config'),
          width: 110,
          render: (_: unknown, r) => <ConfigCell tag={r} />,
        },
      );
    }
    cols.push({
      key: 'actions',
      // A phone's column holds the write button only.
      title: compact ? t('action.write') : t('column.actions'),
      width: compact ? 60 : 130,
      align: 'right',
      render: (_: unknown, r) => (
        <ActionsCell
          tag={r}
          compact={compact}
          onWrite={props.onWrite}
          onEdit={props.onEdit}
          onDelete={props.onDelete}
        />
      ),
    });
    return cols;
  }, [t, values, online, now, compact, props]);

  return (
    <Table<MonitorTag>
      rowKey="tag_id"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={tags as MonitorTag[]}
      loading={props.loading}
      tableLayout="fixed"
      scroll={compact ? undefined : { x: DESKTOP_WIDTH }}
      data-testid="monitor-table"
      locale={{ emptyText: t('empty') }}
      rowSelection={
        compact
          ? undefined
          : {
              selectedRowKeys: props.selected.map((id) => tags.find((x) => x.point_id === id)?.tag_id ?? -1),
              getCheckboxProps: (r) => ({ disabled: r.source !== 'point' }),
              onChange: (_keys, rows) =>
                props.onSelect(rows.flatMap((r) => (r.point_id ? [r.point_id] : []))),
            }
      }
      pagination={{
        current: props.page + 1,
        pageSize: props.pageSize,
        pageSizeOptions: [20, 50, 100],
        showSizeChanger: !compact,
        hideOnSinglePage: true,
        size: 'small',
        onChange: (p, size) => props.onPage(p - 1, size),
      }}
    />
  );
}

interface CellProps {
  store: LiveValueStore;
  tag: MonitorTag;
}

/** The value, re-rendered alone when its tag changes. */
function ValueCell({ store, tag }: CellProps) {
  const v = useLiveValue(store, tag.tag_id);
  return (
    <span className="monitor-value monitor-mono" data-testid={`value-${tag.name}`} data-tag={tag.tag_id}>
      {formatTagValue(v?.value, tag.data_type, tag.decimals)}
      {tag.unit && v && <span className="monitor-muted"> {tag.unit}</span>}
    </span>
  );
}

function UpdatedCell({ store, tag }: CellProps) {
  const v = useLiveValue(store, tag.tag_id);
  return <span className="monitor-muted monitor-mono">{v ? dayjs(v.ts).format('HH:mm:ss') : '—'}</span>;
}

function QualityCell({
  store,
  tag,
  online,
  now,
  dotOnly,
}: CellProps & { online: boolean; now: number; dotOnly: boolean }) {
  const { t } = useTranslation('monitor');
  const v = useLiveValue(store, tag.tag_id);
  const q = tagQuality(online, v?.receivedAt, Math.max(now, v?.receivedAt ?? 0));
  return (
    <Tooltip title={t(`quality.${q}Hint`)}>
      <Badge
        status={qualityStatus[q]}
        text={dotOnly ? undefined : t(`quality.${q}`)}
        aria-label={t(`quality.${q}`)}
        data-testid={`quality-${tag.name}`}
        data-quality={q}
      />
    </Tooltip>
  );
}

/** Whether the device's config has the tag as the cloud has it. */
function ConfigCell({ tag }: { tag: MonitorTag }) {
  const { t } = useTranslation('monitor');
  return (
    <Tooltip title={t(`config.${tag.config_status}Hint`)}>
      <Tag
        color={tag.config_status === 'match' ? 'success' : 'warning'}
        data-testid={`config-${tag.name}`}
        data-status={tag.config_status}
      >
        {t(`config.${tag.config_status}`)}
      </Tag>
    </Tooltip>
  );
}

/** Write (writable tags); edit and delete (the device's own points, not on a phone). */
function ActionsCell({
  tag,
  compact,
  onWrite,
  onEdit,
  onDelete,
}: {
  tag: MonitorTag;
  compact: boolean;
  onWrite(tag: MonitorTag): void;
  onEdit(tag: MonitorTag): void;
  onDelete(tag: MonitorTag): void;
}) {
  const { t } = useTranslation('monitor');
  return (
    <Space size={0}>
      {isWritable(tag.rw) && (
        <Tooltip title={t('action.write')}>
          <Button
            type="link"
            size="small"
            icon={<FormOutlined />}
            aria-label={t('action.write')}
            onClick={() => onWrite(tag)}
            data-testid={`write-${tag.name}`}
          >
            {compact ? null : t('action.write')}
          </Button>
        </Tooltip>
      )}
      {!compact && tag.source === 'point' && (
        <>
          <Tooltip title={t('action.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('action.edit')}
              onClick={() => onEdit(tag)}
              data-testid={`edit-${tag.name}`}
            />
          </Tooltip>
          <Tooltip title={t('action.delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('action.delete')}
              onClick={() => onDelete(tag)}
              data-testid={`delete-${tag.name}`}
            />
          </Tooltip>
        </>
      )}
    </Space>
  );
}
