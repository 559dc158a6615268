import { useMemo } from 'react';
import { Button, Input, InputNumber, Select, Table, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ReadWriteType, tagDataTypeNames, TagDataType } from '@hmi/domain';
import {
  hasDecimals,
  newRow,
  TAG_DECIMALS_MAX,
  type TagField,
  type TagProblems,
  type TagRow,
} from './tag-rows.ts';

interface Props {
  rows: TagRow[];
  onChange(rows: TagRow[]): void;
  problems: TagProblems;
  readOnly: boolean;
  /** Show problems only once the user tried to save. */
  showProblems: boolean;
}

const rwKeys = {
  [ReadWriteType.Read]: 'read',
  [ReadWriteType.Write]: 'write',
  [ReadWriteType.ReadWrite]: 'readWrite',
} as const;

/** The template's tags as an editable table: name, data type, read/write, address, unit, decimals, description. */
export function TagsEditor({ rows, onChange, problems, readOnly, showProblems }: Props) {
  const { t } = useTranslation('template');
  const patch = (key: string, change: Partial<TagRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const typeOptions = useMemo(
    () => tagDataTypeNames.map((name) => ({ value: TagDataType[name], label: name })),
    [],
  );
  const rwOptions = useMemo(
    () => Object.entries(rwKeys).map(([code, key]) => ({ value: Number(code), label: t(`rw.${key}`) })),
    [t],
  );

  const columns = tagColumns({
    t,
    readOnly,
    problemOf: (key) => (showProblems ? problems.get(key) : undefined),
    typeOptions,
    rwOptions,
    patch,
    remove: (key) => onChange(rows.filter((x) => x.key !== key)),
  });

  return (
    <div className="tags-editor" data-testid="tags-editor">
      <div className="tags-editor-head">
        <Typography.Text strong>{t('tags.title', { count: rows.length })}</Typography.Text>
        {readOnly ? null : (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => onChange([...rows, newRow(rows)])}
            data-testid="tag-add"
          >
            {t('tags.add')}
          </Button>
        )}
      </div>
      <Table<TagRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('tags.empty') }}
        className="tags-table"
      />
    </div>
  );
}

interface ColumnContext {
  t: TFunction<'template'>;
  readOnly: boolean;
  /** The row's problems, when they are shown. */
  problemOf(key: string): Partial<Record<TagField, string>> | undefined;
  typeOptions: { value: number; label: string }[];
  rwOptions: { value: number; label: string }[];
  patch(key: string, change: Partial<TagRow>): void;
  remove(key: string): void;
}

/** The editor's columns: each cell a field while editing, its text when read-only. */
function tagColumns(ctx: ColumnContext): TableProps<TagRow>['columns'] {
  const { t, readOnly, problemOf, typeOptions, rwOptions, patch, remove } = ctx;
  return [
    {
      title: t('tags.name'),
      dataIndex: 'name',
      width: 180,
      render: (_v, r) => {
        const problem = problemOf(r.key)?.name;
        return readOnly ? (
          <Typography.Text strong>{r.name}</Typography.Text>
        ) : (
          <Tooltip title={problem ? t(problem) : undefined} open={problem ? undefined : false}>
            <Input
              size="small"
              value={r.name}
              status={problem ? 'error' : undefined}
              onChange={(e) => patch(r.key, { name: e.target.value })}
              maxLength={256}
              aria-label={t('tags.name')}
              data-testid="tag-name"
            />
          </Tooltip>
        );
      },
    },
    {
      title: t('tags.dataType'),
      dataIndex: 'data_type',
      width: 120,
      render: (_v, r) =>
        readOnly ? (
          <span className="device-mono">{tagDataTypeNames[r.data_type] ?? r.data_type}</span>
        ) : (
          <Select
            size="small"
            value={r.data_type}
            options={typeOptions}
            onChange={(v) => patch(r.key, { data_type: v })}
            className="tag-select"
            aria-label={t('tags.dataType')}
          />
        ),
    },
    {
      title: t('tags.rw'),
      dataIndex: 'rw',
      width: 120,
      render: (_v, r) =>
        readOnly ? (
          t(`rw.${rwKeys[r.rw as keyof typeof rwKeys] ?? 'readWrite'}`)
        ) : (
          <Select
            size="small"
            value={r.rw}
            options={rwOptions}
            onChange={(v) => patch(r.key, { rw: v })}
            className="tag-select"
            aria-label={t('tags.rw')}
          />
        ),
    },
    textColumn(ctx, 'address', 140, 255, { mono: true, placeholder: '40001' }),
    textColumn(ctx, 'unit', 90, 32),
    {
      title: t('tags.decimals'),
      dataIndex: 'decimals',
      width: 90,
      render: (_v, r) => {
        if (!hasDecimals(r.data_type)) return <span className="device-muted">—</span>;
        const problem = problemOf(r.key)?.decimals;
        return readOnly ? (
          r.decimals
        ) : (
          <InputNumber
            size="small"
            min={0}
            max={TAG_DECIMALS_MAX}
            precision={0}
            value={r.decimals}
            status={problem ? 'error' : undefined}
            onChange={(v) => patch(r.key, { decimals: typeof v === 'number' ? v : 0 })}
            aria-label={t('tags.decimals')}
            className="tag-decimals"
          />
        );
      },
    },
    textColumn(ctx, 'description', 200, 1024),
    ...(readOnly
      ? []
      : [
          {
            key: 'remove',
            width: 44,
            fixed: 'right' as const,
            render: (_v: unknown, r: TagRow) => (
              <Tooltip title={t('tags.remove')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('tags.remove')}
                  onClick={() => remove(r.key)}
                />
              </Tooltip>
            ),
          },
        ]),
  ];
}

/** A free-text column (address, unit, description). */
function textColumn(
  ctx: ColumnContext,
  field: 'address' | 'unit' | 'description',
  width: number,
  maxLength: number,
  opts: { mono?: boolean; placeholder?: string } = {},
) {
  const { t, readOnly, patch } = ctx;
  return {
    title: t(`tags.${field}`),
    dataIndex: field,
    width,
    render: (_v: unknown, r: TagRow) =>
      readOnly ? (
        opts.mono ? (
          <span className="device-mono">{r[field]}</span>
        ) : (
          r[field]
        )
      ) : (
        <Input
          size="small"
          value={r[field]}
          onChange={(e) => patch(r.key, { [field]: e.target.value })}
          maxLength={maxLength}
          placeholder={opts.placeholder}
          aria-label={t(`tags.${field}`)}
        />
      ),
  };
}
