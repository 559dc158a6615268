import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTemplateOptions } from './use-templates.ts';

interface Props {
  value?: number | null | undefined;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  className?: string;
  'data-testid'?: string;
}

/** Picks one of the team's single-device templates (clearing means none). */
export function TemplateSelect({ value, onChange, placeholder, className, ...rest }: Props) {
  const { t } = useTranslation('template');
  const { list, isPending } = useTemplateOptions();
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={list.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isPending}
      placeholder={placeholder ?? t('select.placeholder')}
      notFoundContent={t('select.empty')}
      popupMatchSelectWidth={false}
      className={className}
      data-testid={rest['data-testid']}
    />
  );
}
