import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlarmGroups } from './use-alarm-groups.ts';

interface Props {
  value?: number | null | undefined;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  className?: string;
  'data-testid'?: string;
}

/** One of the team's alarm groups; clearing means none (or every group, as a filter). */
export function AlarmGroupSelect({ value, onChange, placeholder, className, ...rest }: Props) {
  const { t } = useTranslation('alarm');
  const { list, isPending } = useAlarmGroups();
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={list.map((g) => ({ value: g.id, label: g.name }))}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isPending}
      placeholder={placeholder ?? t('group.none')}
      notFoundContent={t('group.empty')}
      popupMatchSelectWidth={false}
      className={className}
      data-testid={rest['data-testid']}
    />
  );
}
