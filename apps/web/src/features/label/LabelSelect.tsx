import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits } from '@hmi/domain';
import { useLabels } from './use-labels.ts';

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** One label (a filter) instead of several. */
  single?: boolean;
  placeholder?: string;
  className?: string;
  'data-testid'?: string;
}

/** Picks labels of the team (at most 10 on a device). */
export function LabelSelect({ value, onChange, single, placeholder, className, ...rest }: Props) {
  const { t } = useTranslation('label');
  const { list, isPending } = useLabels();
  const options = list.map((l) => ({ value: l.id, label: l.name }));
  if (single) {
    return (
      <Select<number>
        value={value?.[0]}
        onChange={(v) => onChange?.(v === undefined ? [] : [v])}
        options={options}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={isPending}
        placeholder={placeholder ?? t('select.placeholder')}
        notFoundContent={t('select.empty')}
        className={className}
        data-testid={rest['data-testid']}
      />
    );
  }
  return (
    <Select<number[]>
      mode="multiple"
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      options={options}
      maxCount={Limits.labelSelectedMax}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isPending}
      placeholder={placeholder ?? t('select.placeholderMany', { max: Limits.labelSelectedMax })}
      notFoundContent={t('select.empty')}
      className={className}
      data-testid={rest['data-testid']}
    />
  );
}
