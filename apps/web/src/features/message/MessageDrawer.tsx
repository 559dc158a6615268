import { Descriptions, Drawer, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, termKey, type MessageItem } from '@hmi/domain';
import { AlarmAckForm, AlarmRecordDetails } from '../alarm/index.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { useMessageTitle } from './message-format.ts';

interface Props {
  /** The message shown; undefined: closed. */
  message: MessageItem | undefined;
  onClose(): void;
  /** Alarm messages: acknowledging an unanswered alarm needs the alarm permission (44). */
  canAck: boolean;
  acking: boolean;
  onAck(recordId: number, comment: string): void;
}

/**
 * A message opened from its row: kind, time, read state and its whole text; an alarm message
 * adds its record as it is now (every field) and acknowledging it with a comment.
 */
export function MessageDrawer({ message, onClose, canAck, acking, onAck }: Props) {
  const { t } = useTranslation('message');
  const title = useMessageTitle();
  const wide = Grid.useBreakpoint().sm !== false;
  const record = message?.alarm ?? null;
  return (
    <Drawer
      open={message !== undefined}
      onClose={onClose}
      title={message ? title(message) : null}
      size={wide ? 480 : '100%'}
      destroyOnHidden
      data-testid="message-details"
    >
      {message ? (
        <div className="message-drawer-body">
          <Descriptions
            size="small"
            column={1}
            colon={false}
            bordered
            className="message-fields"
            items={[
              { key: 'kind', label: t('field.kind'), children: t(termKey('messageKind', message.kind)) },
              { key: 'time', label: t('field.time'), children: formatDateTime(message.created_at) },
              {
                key: 'read',
                label: t('field.read'),
                children: message.read ? t('field.readYes') : t('field.readNo'),
              },
            ]}
          />
          <Typography.Paragraph className="message-body" data-testid="message-body">
            {message.body}
          </Typography.Paragraph>
          {message.kind === 'alarm' ? (
            record ? (
              <>
                <AlarmRecordDetails record={record} />
                {canAck && record.state === AlarmRecordState.Alarm ? (
                  <AlarmAckForm busy={acking} onAck={(comment) => onAck(record.id, comment)} />
                ) : null}
              </>
            ) : (
              <Typography.Text type="secondary">{t('recordGone')}</Typography.Text>
            )
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
