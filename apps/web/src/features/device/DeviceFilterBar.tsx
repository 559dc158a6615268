import { useEffect, useState } from 'react';
import { Badge, Button, Input, Select, Tooltip } from 'antd';
import { ClearOutlined, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OnlineState, SyncState, termKey } from '@hmi/domain';
import { GroupTreeSelect } from '../device-group/index.ts';
import { LabelSelect } from '../label/index.ts';
import { TemplateSelect } from '../template/index.ts';
import { activeFilterCount, type DeviceListParams } from './device-list-params.ts';

interface Props {
  params: DeviceListParams;
  onChange(change: Partial<Record<keyof DeviceListParams, unknown>>): void;
  compact: boolean;
  /** Right-hand tools (column settings). */
  extra?: React.ReactNode;
}

const SEARCH_DEBOUNCE_MS = 350;

/** Search by name or SN, and the filters of the device list (all kept in the URL). */
export function DeviceFilterBar({ params, onChange, compact, extra }: Props) {
  const { t } = useTranslation('device');
  const [text, setText] = useState(params.search ?? '');
  const [model, setModel] = useState(params.model ?? '');
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params);

  // Typing searches after a pause; the URL (back button, links) wins over what was typed.
  useEffect(() => setText(params.search ?? ''), [params.search]);
  useEffect(() => setModel(params.model ?? ''), [params.model]);
  useEffect(() => {
    if (text.trim() === (params.search ?? '')) return;
    const timer = setTimeout(() => onChange({ search: text.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params.search, onChange]);

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

  const filters = (
    <>
      <GroupTreeSelect
        value={params.group_id}
        onChange={(v) => onChange({ group_id: v })}
        placeholder={t('filter.group')}
        className="device-filter device-filter-group"
        data-testid="filter-group"
      />
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
      <TemplateSelect
        value={params.template_id}
        onChange={(v) => onChange({ template_id: v })}
        placeholder={t('filter.template')}
        className="device-filter"
        data-testid="filter-template"
      />
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
      {active > 0 ? (
        <Tooltip title={t('filter.reset')}>
          <Button
            icon={<ClearOutlined />}
            onClick={() =>
              onChange({
                group_id: undefined,
                label_id: undefined,
                online: undefined,
                sync_state: undefined,
                template_id: undefined,
                model: undefined,
              })
            }
            data-testid="filter-reset"
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
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => onChange({ search: text.trim() || undefined })}
          prefix={<SearchOutlined className="device-muted" />}
          allowClear
          placeholder={t('filter.search')}
          className="device-search"
          maxLength={64}
          data-testid="device-search"
        />
        {compact ? (
          <Badge count={active} size="small">
            <Button
              icon={<FilterOutlined />}
              onClick={() => setOpen((o) => !o)}
              type={open ? 'primary' : 'default'}
              aria-expanded={open}
              aria-label={t('filter.toggle')}
              data-testid="filter-toggle"
            />
          </Badge>
        ) : (
          filters
        )}
        <div className="device-filters-spacer" />
        {extra}
      </div>
      {compact && open ? <div className="device-filters-panel">{filters}</div> : null}
    </div>
  );
}
