import { Checkbox, Empty, Skeleton } from 'antd';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  /** What can be granted (undefined while it loads). */
  items: readonly { id: number; name: string }[] | undefined;
  error: unknown;
  /** Shown when there is nothing to grant. */
  emptyText: string;
  /** Each checkbox's test id is `${testIdPrefix}-${id}`. */
  testIdPrefix: string;
  value: readonly number[];
  onChange(ids: number[]): void;
  readOnly: boolean;
}

/**
 * A role's grant of a few named things (templates, projects, zones: a team has few, so one list
 * of checkboxes). Ids granted but not listed (outside the caller's scope) are kept as they are.
 */
export function NamedGrantPicker({
  items,
  error,
  emptyText,
  testIdPrefix,
  value,
  onChange,
  readOnly,
}: Props) {
  if (error) return <PickerFailure error={error} />;
  if (!items) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const listed = new Set(items.map((item) => item.id));
  const hidden = value.filter((id) => !listed.has(id));
  return (
    <Checkbox.Group
      value={value.filter((id) => listed.has(id))}
      onChange={(checked) => onChange([...hidden, ...checked.map(Number)])}
      disabled={readOnly}
      className="role-check-list"
    >
      {items.map((item) => (
        <Checkbox key={item.id} value={item.id} data-testid={`${testIdPrefix}-${item.id}`}>
          {item.name}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
