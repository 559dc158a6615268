import { useState } from 'react';
import { Badge, Button, ConfigProvider, DatePicker, Select, Tooltip, type ThemeConfig } from 'antd';
import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { termKey } from '@hmi/domain';
import { DevicePicker } from '../history/index.ts';
import { useQuery } from '@tanstack/react-query';
import { deviceApi } from '../device/index.ts';
import { alarmLevels } from './alarm-levels.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmGroupSelect } from './AlarmGroupSelect.tsx';
import { activeRecordFilters, statesOf, type RecordFilters } from './record-filters.ts';

const PHONE_PICKER: ThemeConfig = { components: { DatePicker: { cellWidth: 38 } } };

interface Props {
  filters: RecordFilters;
  onChange(change: Partial<RecordFilters>): void;
  compact: boolean;
  /** Right-hand tools (export). */
  extra?: React.ReactNode;
}

/** Device, group, levels, state and raise time of the records; on phones behind a filter button. */
export function AlarmRecordFilterBar({ filters, onChange, compact, extra }: Props) {
  const { t } = useTranslation('alarm');
  const [open, setOpen] = useState(false);
  const active = activeRecordFilters(filters);
  // The chosen device's name before the picker's list has loaded (same key as the history screen).
  const device = useQuery({
    queryKey: ['device', 'detail', filters.deviceId ?? 0],
    queryFn: () => deviceApi.detail(filters.deviceId ?? 0),
    enabled: filters.deviceId !== undefined,
    staleTime: 30_000,
  });

  const controls = (
    <>
      <DevicePicker
        value={filters.deviceId}
        current={device.data && device.data.id === filters.deviceId ? device.data : undefined}
        onChange={(id) => onChange({ deviceId: id })}
        className="alarm-filter-device"
      />
      <AlarmGroupSelect
        value={filters.groupId}
        onChange={(id) => onChange({ groupId: id ?? undefined })}
        placeholder={t('filter.allGroups')}
        className="alarm-filter"
        data-testid="alarm-record-group"
      />
      <Select<number[]>
        mode="multiple"
        value={filters.levels}
        onChange={(levels) => onChange({ levels })}
        options={alarmLevels.map((l) => ({ value: l, label: <AlarmLevelTag level={l} /> }))}
        placeholder={t('filter.allLevels')}
        maxTagCount="responsive"
        allowClear
        className="alarm-filter-levels"
        data-testid="alarm-record-levels"
      />
      <Select<number>
        value={filters.state}
        onChange={(state) => onChange({ state: state as RecordFilters['state'] })}
        options={statesOf(filters.tab).map((s) => ({
          value: s,
          label: s === 0 ? t('filter.allStates') : t(termKey('alarmState', s)),
        }))}
        className="alarm-filter-state"
        data-testid="alarm-record-state"
      />
      {compact ? (
        // Phones pick whole days in two single pickers with narrower day cells (the theme's 48 px
        // cells make a calendar wider than 375 px).
        <ConfigProvider theme={PHONE_PICKER}>
          <DatePicker
            value={filters.from !== undefined ? dayjs(filters.from) : null}
            onChange={(d) => onChange({ from: d ? d.startOf('day').valueOf() : undefined })}
            inputReadOnly
            placeholder={t('filter.fromDay')}
            data-testid="alarm-record-from"
          />
          <DatePicker
            value={filters.to !== undefined ? dayjs(filters.to) : null}
            onChange={(d) => onChange({ to: d ? d.endOf('day').valueOf() : undefined })}
            inputReadOnly
            placeholder={t('filter.toDay')}
            data-testid="alarm-record-to"
          />
        </ConfigProvider>
      ) : (
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          value={[
            filters.from !== undefined ? dayjs(filters.from) : null,
            filters.to !== undefined ? dayjs(filters.to) : null,
          ]}
          onChange={(range) => {
            const [from, to] = range ?? [];
            onChange({ from: from ? from.valueOf() : undefined, to: to ? to.valueOf() : undefined });
          }}
          placeholder={[t('filter.from'), t('filter.to')]}
          className="alarm-filter-range"
          data-testid="alarm-record-range"
        />
      )}
      {active > 0 ? (
        <Tooltip title={compact ? undefined : t('filter.reset')}>
          <Button
            icon={<ClearOutlined />}
            aria-label={t('filter.reset')}
            onClick={() =>
              onChange({
                deviceId: undefined,
                groupId: undefined,
                levels: [],
                state: 0,
                from: undefined,
                to: undefined,
              })
            }
            data-testid="alarm-record-reset"
          >
            {compact ? t('filter.reset') : null}
          </Button>
        </Tooltip>
      ) : null}
    </>
  );

  return (
    <div className="device-filters">
      <div className="device-filters-row">
        {compact ? (
          <Badge count={active} size="small">
            <Button
              icon={<FilterOutlined />}
              onClick={() => setOpen((o) => !o)}
              type={open ? 'primary' : 'default'}
              aria-expanded={open}
              data-testid="alarm-record-filter-toggle"
            >
              {t('filter.title')}
            </Button>
          </Badge>
        ) : (
          controls
        )}
        <div className="device-filters-spacer" />
        {extra}
      </div>
      {compact && open ? <div className="alarm-filters-panel">{controls}</div> : null}
    </div>
  );
}
