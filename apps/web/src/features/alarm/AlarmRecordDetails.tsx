import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@hmi/domain';
import { formatTime } from './message-format.ts';
import { AlarmLevelTag } from '../alarm/AlarmLevelTag.tsx';
import { AlarmStateBadge } from '../alarm/AlarmStateBadge.tsx';

/** Everything an alarm record keeps (SPEC section 3): device, rule, values, times, responder. */
export function AlarmRecordDetails({ record }: { record: AlarmRecord }) {
  const { t } = useTranslation('message');
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      colon={false}
      className="message-record"
      data-testid="message-record"
    >
      <Descriptions.Item label={t('record.device')}>{record.device_name}</Descriptions.Item>
      <Descriptions.Item label={t('record.rule')}>{record.rule_name}</Descriptions.Item>
      <Descriptions.Item label={t('record.group')}>{record.group_name ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('record.level')}>
        <AlarmLevelTag level={record.level} />
      </Descriptions.Item>
      <Descriptions.Item label={t('record.type')}>{t(`alarm:type.${record.type}`)}</Descriptions.Item>
      <Descriptions.Item label={t('record.state')}>
        <AlarmStateBadge state={record.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('record.tag')}>{record.tag_name}</Descriptions.Item>
      <Descriptions.Item label={t('record.value')}>
        <span className="message-mono">{record.value}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('record.lastValue')}>
        <span className="message-mono">{record.last_value}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('record.times')}>{record.times}</Descriptions.Item>
      <Descriptions.Item label={t('record.raisedAt')}>{formatTime(record.raised_at)}</Descriptions.Item>
      <Descriptions.Item label={t('record.ackedAt')}>
        {record.acked_at !== null ? formatTime(record.acked_at) : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('record.ackedBy')}>{record.acked_by ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('record.recoveredAt')}>
        {record.recovered_at !== null ? formatTime(record.recovered_at) : none}
      </Descriptions.Item>
    </Descriptions>
  );
}
