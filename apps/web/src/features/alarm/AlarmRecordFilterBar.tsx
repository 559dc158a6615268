import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { termKey } from '@hmi/domain';
import { DeviceSelect } from '../../shared/devices/DeviceSelect.tsx';
import { useDeviceDetail } from '../../shared/devices/device-reads.ts';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { TimeRangeFilter } from '../../shared/lists/TimeRangeFilter.tsx';
import { alarmLevels } from './alarm-levels.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmGroupSelect } from './AlarmGroupSelect.tsx';
import { activeRecordFilters, statesOf, type RecordFilters } from './record-filters.ts';

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
  // The chosen device's name before the picker's list has loaded (same key as the history screen).
  const device = useDeviceDetail(filters.deviceId);

  return (
    <FilterBar
      compact={compact}
      active={activeRecordFilters(filters)}
      onReset={() =>
        onChange({
          deviceId: undefined,
          groupId: undefined,
          levels: [],
          state: 0,
          from: undefined,
          to: undefined,
        })
      }
      texts={{ reset: t('filter.reset'), toggle: t('filter.title') }}
      toggleWithText
      extra={extra}
      panelClassName="alarm-filters-panel"
      testIds={{ toggle: 'alarm-record-filter-toggle', reset: 'alarm-record-reset' }}
    >
      <DeviceSelect
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
      {/* Phones pick whole days. */}
      <TimeRangeFilter
        from={filters.from}
        to={filters.to}
        onChange={onChange}
        compact={compact}
        phoneUnit="day"
        placeholders={{
          from: t('filter.from'),
          to: t('filter.to'),
          fromPhone: t('filter.fromDay'),
          toPhone: t('filter.toDay'),
        }}
        className="alarm-filter-range"
        testIds={{ range: 'alarm-record-range', from: 'alarm-record-from', to: 'alarm-record-to' }}
      />
    </FilterBar>
  );
}
