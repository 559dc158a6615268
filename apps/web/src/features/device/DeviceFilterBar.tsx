import { useCallback, useEffect, useState } from 'react';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnlineState, Perm, SyncState, termKey } from '@hmi/domain';
import { GroupTreeSelect } from '../device-group/index.ts';
import { LabelSelect } from '../label/index.ts';
import { TemplateSelect } from '../template/index.ts';
import { FilterBar } from '../../shared/lists/FilterBar.tsx';
import { usePermission } from '../../shared/session/use-permission.ts';
import { SearchInput } from '../../shared/lists/SearchInput.tsx';
import { activeFilterCount, type DeviceListParams } from './device-list-params.ts';

interface Props {
  params: DeviceListParams;
  onChange(change: Partial<Record<keyof DeviceListParams, unknown>>): void;
  compact: boolean;
  /** Right-hand tools (column settings). */
  extra?: React.ReactNode;
}

/**
 * Search by name or SN, and the filters of the device list (all kept in the URL). The group and
 * template filters show only to a user who may view groups (13) or templates (8).
 */
export function DeviceFilterBar({ params, onChange, compact, extra }: Props) {
  const { t } = useTranslation('device');
  const can = usePermission();
  const [model, setModel] = useState(params.model ?? '');
  const onSearch = useCallback((search: string | undefined) => onChange({ search }), [onChange]);

  // The URL (back button, links) wins over what was typed.
  useEffect(() => setModel(params.model ?? ''), [params.model]);

  const flagOptions = (kind: 'online' | 'sync') =>
    kind === 'online'
      ? [
          { value: 1, label: t(termKey('onlineState', OnlineState.Online)) },
          { value: 0, label: t(termKey('onlineState', OnlineState.Offline)) },
        ]
      : [
          { value: 1, label: t(termKey('syncState', SyncState.Synced)) },
          { value: 0, label: t(termKey('syncState', SyncState.Pending)) },
        ];

  return (
    <FilterBar
      compact={compact}
      lead={
        <SearchInput
          value={params.search}
          onSearch={onSearch}
          placeholder={t('filter.search')}
          className="device-search"
          testId="device-search"
        />
      }
      active={activeFilterCount(params)}
      onReset={() =>
        onChange({
          group_id: undefined,
          label_id: undefined,
          online: undefined,
          sync_state: undefined,
          alarm: undefined,
          template_id: undefined,
          model: undefined,
        })
      }
      texts={{ reset: t('filter.reset'), toggle: t('filter.toggle') }}
      extra={extra}
      testIds={{ toggle: 'filter-toggle', reset: 'filter-reset' }}
    >
      {can(Perm.GroupView) && (
        <GroupTreeSelect
          value={params.group_id}
          onChange={(v) => onChange({ group_id: v })}
          placeholder={t('filter.group')}
          className="device-filter device-filter-group"
          data-testid="filter-group"
        />
      )}
      <LabelSelect
        single
        value={params.label_id ? [params.label_id] : []}
        onChange={(v) => onChange({ label_id: v[0] })}
        placeholder={t('filter.label')}
        className="device-filter"
        data-testid="filter-label"
      />
      <Select<number>
        value={params.online}
        onChange={(v) => onChange({ online: v })}
        options={flagOptions('online')}
        allowClear
        placeholder={t('filter.online')}
        className="device-filter device-filter-narrow"
        data-testid="filter-online"
      />
      <Select<number>
        value={params.sync_state}
        onChange={(v) => onChange({ sync_state: v })}
        options={flagOptions('sync')}
        allowClear
        placeholder={t('filter.sync')}
        className="device-filter device-filter-narrow"
        data-testid="filter-sync"
      />
      <Select<number>
        value={params.alarm}
        onChange={(v) => onChange({ alarm: v })}
        options={[
          { value: 1, label: t('filter.alarmOn') },
          { value: 0, label: t('filter.alarmOff') },
        ]}
        allowClear
        placeholder={t('filter.alarm')}
        className="device-filter device-filter-narrow"
        data-testid="filter-alarm"
      />
      {can(Perm.TemplateView) && (
        <TemplateSelect
          value={params.template_id}
          onChange={(v) => onChange({ template_id: v })}
          placeholder={t('filter.template')}
          className="device-filter"
          data-testid="filter-template"
        />
      )}
      <Input
        value={model}
        onChange={(e) => setModel(e.target.value)}
        onBlur={() => model.trim() !== (params.model ?? '') && onChange({ model: model.trim() || undefined })}
        onPressEnter={() => onChange({ model: model.trim() || undefined })}
        allowClear
        placeholder={t('filter.model')}
        className="device-filter device-filter-narrow"
        data-testid="filter-model"
      />
    </FilterBar>
  );
}
