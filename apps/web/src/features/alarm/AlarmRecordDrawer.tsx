import { Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';
import { AlarmAckForm } from './AlarmAckForm.tsx';
import { AlarmRecordDetails } from './AlarmRecordDetails.tsx';

interface Props {
  /** The record shown; undefined: closed. */
  record: AlarmRecord | undefined;
  onClose(): void;
  /** Acknowledging needs the alarm permission (44). */
  canAck: boolean;
  acking: boolean;
  onAck(recordId: number, comment: string): void;
}

/** An alarm record opened from its row: every field, and acknowledging with a comment while it is unanswered. */
export function AlarmRecordDrawer({ record, onClose, canAck, acking, onAck }: Props) {
  const { t } = useTranslation('alarm');
  const wide = Grid.useBreakpoint().sm !== false;
  return (
    <Drawer
      open={record !== undefined}
      onClose={onClose}
      title={record ? record.rule_name : t('record.details')}
      size={wide ? 480 : '100%'}
      destroyOnHidden
      data-testid="alarm-record-drawer"
    >
      {record ? (
        <div className="alarm-drawer-body">
          <AlarmRecordDetails record={record} />
          {canAck && record.state === AlarmRecordState.Alarm ? (
            <AlarmAckForm busy={acking} onAck={(comment) => onAck(record.id, comment)} />
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
