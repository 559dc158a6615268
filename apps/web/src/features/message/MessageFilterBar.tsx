import { useCallback } from 'react';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { termKey, type AlarmLevel, type MessageKindName } from '@hmi/domain';
import { alarmLevels, levelColor, levelMask, levelsOfMask } from '../alarm/index.ts';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { TimeRangeFilter } from '../../shared/lists/TimeRangeFilter.tsx';
import {
  activeFilterCount,
  messageStates,
  type MessageListParams,
  type MessageStateFilter,
  type ReadFilter,
} from './message-params.ts';

type Change = Partial<{ [K in keyof MessageListParams]: MessageListParams[K] | undefined }>;

interface Props {
  kind: MessageKindName;
  params: MessageListParams;
  onChange(change: Change): void;
  compact: boolean;
}

/** Search, read state and time range of a message list; alarm messages add state and levels. */
export function MessageFilterBar({ kind, params, onChange, compact }: Props) {
  const { t } = useTranslation('message');
  const alarm = kind === 'alarm';
  const onSearch = useCallback((search: string | undefined) => onChange({ search }), [onChange]);

  return (
    <FilterBar
      compact={compact}
      lead={
        <SearchInput
          value={params.search}
          onSearch={onSearch}
          placeholder={t(alarm ? 'filter.searchAlarm' : 'filter.search')}
          className="device-search message-search"
          testId="message-search"
        />
      }
      active={activeFilterCount(params, kind)}
      onReset={() => onChange({ state: 0, level: 0, read: undefined, from: undefined, to: undefined })}
      texts={{ reset: t('filter.reset'), toggle: t('filter.toggle') }}
      panelClassName="device-filters-panel message-filters-panel"
      testIds={{ toggle: 'message-filter-toggle', reset: 'message-filter-reset' }}
    >
      {alarm ? (
        <Select<MessageStateFilter>
          value={params.state}
          onChange={(v) => onChange({ state: v })}
          options={messageStates.map((s) => ({
            value: s,
            label: s ? t(termKey('alarmState', s)) : t('filter.allStates'),
          }))}
          className="message-filter"
          aria-label={t('filter.stateLabel')}
          data-testid="message-filter-state"
        />
      ) : null}
      {alarm ? (
        <Select<AlarmLevel[]>
          mode="multiple"
          value={levelsOfMask(params.level)}
          onChange={(v) => onChange({ level: levelMask(v) })}
          options={alarmLevels.map((l) => ({ value: l, label: t(termKey('alarmLevel', l)) }))}
          tagRender={({ value, label, closable, onClose }) => (
            <Tag color={levelColor[value as AlarmLevel]} closable={closable} onClose={onClose}>
              {label}
            </Tag>
          )}
          maxTagCount="responsive"
          allowClear
          placeholder={t('filter.level')}
          className="message-filter message-filter-level"
          data-testid="message-filter-level"
        />
      ) : null}
      <Select<ReadFilter>
        value={params.read}
        onChange={(v) => onChange({ read: v })}
        options={[
          { value: 'unread', label: t('filter.unread') },
          { value: 'read', label: t('filter.read') },
        ]}
        allowClear
        placeholder={t('filter.readState')}
        className="message-filter message-filter-narrow"
        data-testid="message-filter-read"
      />
      <TimeRangeFilter
        from={params.from}
        to={params.to}
        onChange={onChange}
        compact={compact}
        phoneUnit="minute"
        roundMinutes
        placeholders={{ from: t('filter.from'), to: t('filter.to') }}
        className="message-filter-range"
        phoneClassName="message-filter"
        testIds={{ range: 'message-filter-range', from: 'message-filter-from', to: 'message-filter-to' }}
      />
    </FilterBar>
  );
}
