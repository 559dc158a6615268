import { Alert, Checkbox, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useZoneList } from './use-roles.ts';
import { PickerFailure } from './PickerFailure.tsx';

interface Props {
  value: readonly number[];
  onChange(zones: number[]): void;
  readOnly: boolean;
}

/** The security zones the role holds (operating a device of a zone needs it). */
export function ZonePicker({ value, onChange, readOnly }: Props) {
  const { t } = useTranslation('role');
  const can = usePermission();
  const canView = can(Perm.SafeZoneView);
  const zones = useZoneList(canView);
  if (!canView) return <Alert type="info" showIcon title={t('zones.noView', { count: value.length })} />;
  if (zones.isError) return <PickerFailure error={zones.error} />;
  if (!zones.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const list = zones.data.list;
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('zones.none')} />;
  // Zones held but not listed (another scope) are kept as they are.
  const listed = new Set(list.map((z) => z.id));
  const hidden = value.filter((id) => !listed.has(id));
  return (
    <Checkbox.Group
      value={value.filter((id) => listed.has(id))}
      onChange={(checked) => onChange([...hidden, ...checked.map(Number)])}
      disabled={readOnly}
      className="role-check-list"
    >
      {list.map((z) => (
        <Checkbox key={z.id} value={z.id} data-testid={`role-zone-${z.id}`}>
          {z.name}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}
