import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { termKey, type AlarmRecord } from '@hmi/domain';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmStateBadge } from './AlarmStateBadge.tsx';
import './alarm.css';

/**
 * Every field of an alarm record (SPEC section 3): device, rule and group, level, type, state,
 * tag, content, values, times raised, when it was raised, acknowledged (by whom, with what
 * comment) and recovered. One column in a drawer, more where there is room.
 */
export function AlarmRecordDetails({ record, columns = 1 }: { record: AlarmRecord; columns?: 1 | 2 }) {
  const { t } = useTranslation('alarm');
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const time = (ms: number | null) =>
    ms === null ? none : <span className="alarm-mono">{formatDateTime(ms)}</span>;
  return (
    <Descriptions
      size="small"
      column={columns}
      colon={false}
      bordered
      className="alarm-record-details"
      data-testid="message-record"
      items={[
        {
          key: 'device',
          label: t('field.device'),
          children: <DeviceNameLink id={record.device_id} name={record.device_name} />,
        },
        { key: 'rule', label: t('field.rule'), children: record.rule_name },
        { key: 'group', label: t('field.group'), children: record.group_name ?? none },
        { key: 'level', label: t('field.level'), children: <AlarmLevelTag level={record.level} /> },
        { key: 'type', label: t('field.type'), children: t(termKey('alarmType', record.type)) },
        { key: 'state', label: t('field.state'), children: <AlarmStateBadge state={record.state} /> },
        { key: 'tag', label: t('field.tag'), children: record.tag_name },
        {
          key: 'content',
          label: t('field.content'),
          children: record.content ? <span className="alarm-record-text">{record.content}</span> : none,
        },
        {
          key: 'value',
          label: t('field.raisedValue'),
          children: <span className="alarm-mono alarm-record-text">{record.value}</span>,
        },
        {
          key: 'last',
          label: t('field.lastValue'),
          children: <span className="alarm-mono alarm-record-text">{record.last_value}</span>,
        },
        { key: 'times', label: t('field.times'), children: record.times },
        { key: 'raised', label: t('field.raisedAt'), children: time(record.raised_at) },
        { key: 'acked', label: t('field.ackedAt'), children: time(record.acked_at) },
        { key: 'responder', label: t('field.ackedBy'), children: record.acked_by ?? none },
        {
          key: 'comment',
          label: t('field.ackComment'),
          children: record.ack_comment ? (
            <span className="alarm-record-text" data-testid="alarm-record-comment">
              {record.ack_comment}
            </span>
          ) : (
            none
          ),
        },
        { key: 'recovered', label: t('field.recoveredAt'), children: time(record.recovered_at) },
      ]}
    />
  );
}
