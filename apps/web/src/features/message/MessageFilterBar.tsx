import { useEffect, useState } from 'react';
import { Badge, Button, DatePicker, Input, Select, Tag, Tooltip } from 'antd';
import { ClearOutlined, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { termKey, type AlarmLevel, type MessageKindName } from '@hmi/domain';
import { alarmLevels, levelColor, levelMask, levelsOfMask } from '../alarm/index.ts';
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

const SEARCH_DEBOUNCE_MS = 350;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** Search, read state and time range of a message list; alarm messages add state and levels. */
export function MessageFilterBar({ kind, params, onChange, compact }: Props) {
  const { t } = useTranslation('message');
  const [text, setText] = useState(params.search ?? '');
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params, kind);
  const alarm = kind === 'alarm';

  // Typing searches after a pause; the URL (back button, links) wins over what was typed.
  useEffect(() => setText(params.search ?? ''), [params.search]);
  useEffect(() => {
    if (text.trim() === (params.search ?? '')) return;
    const timer = setTimeout(() => onChange({ search: text.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params.search, onChange]);

  const at = (ms: number | undefined) => (ms === undefined ? null : dayjs(ms));
  const ms = (d: Dayjs | null | undefined, edge: 'start' | 'end') =>
    d ? (edge === 'start' ? d.startOf('minute') : d.endOf('minute')).valueOf() : undefined;

  const range = compact ? (
    <>
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format={TIME_FORMAT}
        value={at(params.from)}
        onChange={(d) => onChange({ from: ms(d, 'start') })}
        placeholder={t('filter.from')}
        className="message-filter"
        data-testid="message-filter-from"
      />
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format={TIME_FORMAT}
        value={at(params.to)}
        onChange={(d) => onChange({ to: ms(d, 'end') })}
        placeholder={t('filter.to')}
        className="message-filter"
        data-testid="message-filter-to"
      />
    </>
  ) : (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format={TIME_FORMAT}
      allowEmpty={[true, true]}
      value={[at(params.from), at(params.to)]}
      onChange={(v) => onChange({ from: ms(v?.[0], 'start'), to: ms(v?.[1], 'end') })}
      placeholder={[t('filter.from'), t('filter.to')]}
      className="message-filter-range"
      data-testid="message-filter-range"
    />
  );

  const filters = (
    <>
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
      {range}
      {active > 0 ? (
        <Tooltip title={t('filter.reset')}>
          <Button
            icon={<ClearOutlined />}
            onClick={() => onChange({ state: 0, level: 0, read: undefined, from: undefined, to: undefined })}
            aria-label={t('filter.reset')}
            data-testid="message-filter-reset"
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
          placeholder={t(alarm ? 'filter.searchAlarm' : 'filter.search')}
          className="device-search message-search"
          maxLength={64}
          data-testid="message-search"
        />
        {compact ? (
          <Badge count={active} size="small">
            <Button
              icon={<FilterOutlined />}
              onClick={() => setOpen((o) => !o)}
              type={open ? 'primary' : 'default'}
              aria-expanded={open}
              aria-label={t('filter.toggle')}
              data-testid="message-filter-toggle"
            />
          </Badge>
        ) : (
          filters
        )}
      </div>
      {compact && open ? <div className="device-filters-panel message-filters-panel">{filters}</div> : null}
    </div>
  );
}
