import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HistoryLimits, tagDataTypeName, type HistoryTag } from '@hmi/domain';
import './history.css';

interface Props {
  tags: readonly HistoryTag[];
  value: number[];
  onChange(ids: number[]): void;
  loading: boolean;
  disabled: boolean;
  className?: string;
  /** At most this many (default HistoryLimits.maxTags). */
  max?: number;
  /** Default 'history-tags'. */
  testId?: string;
}

/** Up to HistoryLimits.maxTags of the device's tags; the order chosen is the order of colours. */
export function TagPicker({
  tags,
  value,
  onChange,
  loading,
  disabled,
  className,
  max = HistoryLimits.maxTags,
  testId = 'history-tags',
}: Props) {
  const { t } = useTranslation('history');
  return (
    <Select<number[]>
      className={className}
      data-testid={testId}
      mode="multiple"
      maxCount={max}
      value={value}
      onChange={onChange}
      loading={loading}
      disabled={disabled}
      placeholder={t('pick.tags', { max })}
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      options={tags.map((tg) => ({
        value: tg.id,
        label: tg.name,
        type: tagDataTypeName(tg.data_type) ?? '',
        unit: tg.unit,
      }))}
      optionRender={(o) => (
        <span className="history-tag-option">
          <span>{o.data.label}</span>
          <span className="history-tag-meta">
            {o.data.type}
            {o.data.unit ? ` · ${o.data.unit}` : ''}
          </span>
        </span>
      )}
    />
  );
}
