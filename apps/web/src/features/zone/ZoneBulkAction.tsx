import { useState } from 'react';
import { Button } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { ZoneAssignDialog } from './ZoneAssignDialog.tsx';

interface Props {
  /** The selected devices. */
  ids: readonly number[];
  /** The devices were put in a zone: the bulk bar clears its selection. */
  onDone(): void;
}

/** The device list's bulk "Security zone" action and its dialog; only with zone view (33) and edit (34). */
export function ZoneBulkAction({ ids, onDone }: Props) {
  const { t } = useTranslation('zone');
  const can = usePermission();
  const [target, setTarget] = useState<readonly number[]>();
  if (!can(Perm.SafeZoneView) || !can(Perm.SafeZoneEdit)) return null;
  return (
    <>
      <Button
        size="small"
        icon={<SafetyOutlined />}
        onClick={() => setTarget(ids)}
        disabled={ids.length === 0}
        data-testid="bulk-zone"
      >
        {t('assign.action')}
      </Button>
      <ZoneAssignDialog
        ids={target}
        onClose={(done) => {
          setTarget(undefined);
          if (done) onDone();
        }}
      />
    </>
  );
}
