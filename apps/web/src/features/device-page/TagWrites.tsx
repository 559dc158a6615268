import { Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TagWriteOutcome } from '@hmi/domain';
import { useTagWrites } from './use-device-page.ts';

/** Writes shown on the page, newest first. */
export const TAG_WRITES_SHOWN = 5;

const outcomeColor: Record<TagWriteOutcome, string> = {
  ok: 'success',
  refused: 'error',
  timeout: 'warning',
  offline: 'default',
  error: 'error',
};

/** The latest tag writes from the console (`/device/settag/log`): who, what, old → new, outcome. */
export function TagWrites({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devicepage');
  const writes = useTagWrites(deviceId, TAG_WRITES_SHOWN, true);
  if (writes.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const list = writes.data?.list ?? [];
  if (list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-writes-none">{t('writes.none')}</span>}
      />
    );
  }
  const show = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  return (
    <ul className="devpage-list" data-testid="devpage-writes">
      {list.map((w) => (
        <li key={w.id} className="devpage-list-item" data-testid="devpage-write">
          <div className="devpage-list-head">
            <Typography.Text strong ellipsis={{ tooltip: w.tag_name }} className="devpage-grow">
              {w.tag_name}
            </Typography.Text>
            <Tag color={outcomeColor[w.outcome]} data-outcome={w.outcome}>
              {t(`writes.outcome.${w.outcome}`)}
            </Tag>
          </div>
          <div className="devpage-list-meta">
            <span className="devpage-mono devpage-ellipsis">
              {show(w.old_value)} → {show(w.new_value)}
            </span>
            <span className="devpage-ellipsis">{t('writes.by', { name: w.user_name })}</span>
            <Tooltip title={dayjs(w.created_at).format('YYYY-MM-DD HH:mm:ss')}>
              <span className="devpage-mono">{dayjs(w.created_at).format('MM-DD HH:mm:ss')}</span>
            </Tooltip>
          </div>
        </li>
      ))}
    </ul>
  );
}
