import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { useZoneList } from './use-roles.ts';
import { NamedGrantPicker } from './NamedGrantPicker.tsx';

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
  return (
    <NamedGrantPicker
      items={zones.data?.list}
      error={zones.isError ? zones.error : null}
      emptyText={t('zones.none')}
      testIdPrefix="role-zone"
      value={value}
      onChange={onChange}
      readOnly={readOnly}
    />
  );
}
