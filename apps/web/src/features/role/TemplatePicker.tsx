import { Checkbox, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PickTemplatesReply } from '@hmi/domain';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  templates: PickTemplatesReply['list'] | undefined;
  error: unknown;
  value: readonly number[];
  onChange(templates: number[]): void;
  readOnly: boolean;
}

/** The single-device templates granted (a team has few: one list of checkboxes). */
export function TemplatePicker({ templates, error, value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  if (error) return <PickerFailure error={error} />;
  if (!templates) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (templates.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.noTemplates')} />;
  // Ids granted but not listed (outside the caller's scope) are kept as they are.
  const listed = new Set(templates.map((tpl) => tpl.id));
  const hidden = value.filter((id) => !listed.has(id));
  return (
    <Checkbox.Group
      value={value.filter((id) => listed.has(id))}
      onChange={(checked) => onChange([...hidden, ...checked.map(Number)])}
      disabled={readOnly}
      className="role-check-list"
    >
      {templates.map((tpl) => (
        <Checkbox key={tpl.id} value={tpl.id} data-testid={`role-template-${tpl.id}`}>
          {tpl.name}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
