import { useEffect, useMemo, useState } from 'react';
import { Button, Grid, Input, Switch, Tag, Typography, type TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PickDeviceItem } from '@hmi/domain';
import { usePickDevices } from './use-roles.ts';
import { canFilterGranted, type PickerSource } from './picker-source.ts';
import { coveringGroups, withIds, type PickGroup } from './data-selection.ts';
import { PickerFailure } from './PickerFailure.tsx';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';
import { FilterRow } from '../../shared/lists/FilterRow.tsx';

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 350;

interface Props {
  source: PickerSource;
  /** The caller's groups (names of the granting groups); undefined while loading. */
  groups: readonly PickGroup[] | undefined;
  /** The groups granted now: their devices show as included. */
  grantedGroups: readonly number[];
  /** The devices granted one by one: a set kept across pages and searches. */
  value: ReadonlySet<number>;
  onChange(devices: Set<number>): void;
  readOnly: boolean;
}

/**
 * The devices granted one by one: one searched page at a time from the server (a team may have
 * 10,000), the selection kept as a set of ids. A device in a granted group shows "via group".
 */
export function GrantedDevicesPicker({ source, groups, grantedGroups, value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  const screens = Grid.useBreakpoint();
  const compact = screens.md === false;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [grantedOnly, setGrantedOnly] = useState(false);
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = usePickDevices(source, {
    page,
    page_size: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(grantedOnly ? { granted: true } : {}),
  });
  const cover = useMemo(() => coveringGroups(groups ?? [], grantedGroups), [groups, grantedGroups]);
  const names = useMemo(() => new Map((groups ?? []).map((g) => [g.id, g.name])), [groups]);
  const coverOf = (d: PickDeviceItem) => (d.group_id === null ? undefined : cover.get(d.group_id));
  const rows = list.data?.list ?? [];

  const columns: NonNullable<TableProps<PickDeviceItem>['columns']> = [
    {
      title: t('data.device'),
      dataIndex: 'name',
      ellipsis: true,
      render: (_v, d) => (
        <div className="role-device-cell">
          <span>{d.name || d.sn}</span>
          {compact ? <span className="device-sub device-mono">{d.sn}</span> : null}
        </div>
      ),
    },
    ...(compact
      ? []
      : [
          {
            title: t('data.sn'),
            dataIndex: 'sn',
            ellipsis: true,
            render: (v: string) => <span className="device-mono">{v}</span>,
          },
        ]),
    {
      key: 'via',
      width: compact ? 110 : 180,
      render: (_v, d) => {
        const by = coverOf(d);
        return by !== undefined ? (
          <Tag color="blue" variant="outlined" className="role-via-tag">
            {t('data.viaGroup', { name: names.get(by) ?? '' })}
          </Tag>
        ) : null;
      },
    },
  ];

  return (
    <div className="role-device-picker">
      <FilterRow
        block={false}
        className="role-device-filters"
        extra={
          <>
            <Typography.Text type="secondary" data-testid="role-pick-devices-count">
              {t('data.devicesSelected', { count: value.size })}
            </Typography.Text>
            {!readOnly && value.size > 0 ? (
              <Button type="link" size="small" onClick={() => onChange(new Set())}>
                {t('data.clear')}
              </Button>
            ) : null}
          </>
        }
      >
        <Input
          allowClear
          prefix={<SearchOutlined className="device-muted" />}
          placeholder={t('data.searchDevices')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="device-search"
          maxLength={64}
          data-testid="role-pick-devices-search"
        />
        {canFilterGranted(source) ? (
          <label className="role-switch">
            <Switch
              size="small"
              checked={grantedOnly}
              onChange={(on) => {
                setGrantedOnly(on);
                setPage(1);
              }}
              data-testid="role-pick-devices-granted"
            />
            <span>{t('data.grantedOnly')}</span>
          </label>
        ) : null}
      </FilterRow>
      {list.isError ? (
        <PickerFailure error={list.error} />
      ) : (
        <PagedTable<PickDeviceItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          tableLayout="fixed"
          locale={{ emptyText: search ? t('data.noMatch') : t('data.noDevices') }}
          rowSelection={{
            selectedRowKeys: rows.filter((d) => value.has(d.id) || coverOf(d) !== undefined).map((d) => d.id),
            getCheckboxProps: (d) => ({ disabled: readOnly || coverOf(d) !== undefined }),
            onSelect: (d, on) => onChange(withIds(value, [d.id], on)),
            onSelectAll: (on, _rows, changed) =>
              onChange(
                withIds(
                  value,
                  changed.filter((d) => coverOf(d) === undefined).map((d) => d.id),
                  on,
                ),
              ),
          }}
          compact={compact}
          paging={{
            page: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            small: true,
          }}
          data-testid="role-pick-devices"
        />
      )}
    </div>
  );
}
