import { Checkbox, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PickProjectsReply } from '@hmi/domain';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  projects: PickProjectsReply['list'] | undefined;
  error: unknown;
  value: readonly number[];
  onChange(projects: number[]): void;
  readOnly: boolean;
}

/**
 * The multi-device projects granted (a team has few: one list of checkboxes). Handing them out
 * takes projectlist data-pm 41; the server refuses the save without it (1002).
 */
export function ProjectPicker({ projects, error, value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  if (error) return <PickerFailure error={error} />;
  if (!projects) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (projects.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.noProjects')} />;
  // Ids granted but not listed (outside the caller's scope) are kept as they are.
  const listed = new Set(projects.map((p) => p.id));
  const hidden = value.filter((id) => !listed.has(id));
  return (
    <Checkbox.Group
      value={value.filter((id) => listed.has(id))}
      onChange={(checked) => onChange([...hidden, ...checked.map(Number)])}
      disabled={readOnly}
      className="role-check-list"
    >
      {projects.map((p) => (
        <Checkbox key={p.id} value={p.id} data-testid={`role-project-${p.id}`}>
          {p.name}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
