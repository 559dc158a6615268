import { Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { AlarmLevelTag, AlarmStateBadge, useAlarmRecords } from '../alarm/index.ts';

/** Open alarms shown on the page; the records screen has them all. */
export const ACTIVE_ALARMS_SHOWN = 5;

/** The device's open alarm records (state 1 or 2), newest first. */
export function ActiveAlarms({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devicepage');
  const records = useAlarmRecords({
    device_id: deviceId,
    active: 'true',
    page: 1,
    page_size: ACTIVE_ALARMS_SHOWN,
  });
  if (records.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const list = records.data?.list ?? [];
  if (list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-alarms-none">{t('alarms.none')}</span>}
      />
    );
  }
  return (
    <ul className="devpage-list" data-testid="devpage-alarms">
      {list.map((r) => (
        <li key={r.id} className="devpage-list-item" data-testid="devpage-alarm">
          <div className="devpage-list-head">
            <AlarmLevelTag level={r.level} />
            <Typography.Text strong ellipsis={{ tooltip: r.content || r.rule_name }} className="devpage-grow">
              {r.content || r.rule_name}
            </Typography.Text>
          </div>
          <div className="devpage-list-meta">
            <span className="devpage-ellipsis">
              {r.tag_name} = <span className="devpage-mono">{r.value}</span>
            </span>
            <AlarmStateBadge state={r.state} />
            <span className="devpage-mono">{dayjs(r.raised_at).format('MM-DD HH:mm:ss')}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
