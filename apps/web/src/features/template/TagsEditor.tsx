import { useMemo } from 'react';
import { Button, Input, InputNumber, Select, Table, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReadWriteType, tagDataTypeNames, TagDataType } from '@hmi/domain';
import { hasDecimals, newRow, TAG_DECIMALS_MAX, type TagProblems, type TagRow } from './tag-rows.ts';

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

  const columns: TableProps<TagRow>['columns'] = [
    {
      title: t('tags.name'),
      dataIndex: 'name',
      width: 180,
      render: (_v, r) => {
        const problem = showProblems ? problems.get(r.key)?.name : undefined;
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
    {
      title: t('tags.address'),
      dataIndex: 'address',
      width: 140,
      render: (_v, r) =>
        readOnly ? (
          <span className="device-mono">{r.address}</span>
        ) : (
          <Input
            size="small"
            value={r.address}
            onChange={(e) => patch(r.key, { address: e.target.value })}
            maxLength={255}
            placeholder="40001"
            aria-label={t('tags.address')}
          />
        ),
    },
    {
      title: t('tags.unit'),
      dataIndex: 'unit',
      width: 90,
      render: (_v, r) =>
        readOnly ? (
          r.unit
        ) : (
          <Input
            size="small"
            value={r.unit}
            onChange={(e) => patch(r.key, { unit: e.target.value })}
            maxLength={32}
            aria-label={t('tags.unit')}
          />
        ),
    },
    {
      title: t('tags.decimals'),
      dataIndex: 'decimals',
      width: 90,
      render: (_v, r) => {
        if (!hasDecimals(r.data_type)) return <span className="device-muted">—</span>;
        const problem = showProblems ? problems.get(r.key)?.decimals : undefined;
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
    {
      title: t('tags.description'),
      dataIndex: 'description',
      width: 200,
      render: (_v, r) =>
        readOnly ? (
          r.description
        ) : (
          <Input
            size="small"
            value={r.description}
            onChange={(e) => patch(r.key, { description: e.target.value })}
            maxLength={1024}
            aria-label={t('tags.description')}
          />
        ),
    },
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
                  onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                />
              </Tooltip>
            ),
          },
        ]),
  ];

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
