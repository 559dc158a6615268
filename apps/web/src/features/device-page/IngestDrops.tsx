import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useIngestDrops } from './use-device-page.ts';

const kinds = ['unknown_tag', 'wrong_type', 'bad_payload'] as const;

/** Values the ingest pipeline refused for the device, by reason, and the latest reason. */
export function IngestDrops({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devicepage');
  const drops = useIngestDrops(deviceId);
  if (drops.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  const d = drops.data;
  const total = d ? kinds.reduce((n, k) => n + d[k], 0) : 0;
  if (!d || total === 0) {
    return (
      <Typography.Text type="secondary" data-testid="devpage-drops-none">
        {t('drops.none')}
      </Typography.Text>
    );
  }
  return (
    <div data-testid="devpage-drops">
      <div className="devpage-drops">
        {kinds.map((k) => (
          <div key={k} className={d[k] > 0 ? 'devpage-drop is-some' : 'devpage-drop'} data-kind={k}>
            <span className="devpage-drop-count">{d[k].toLocaleString()}</span>
            <span className="devpage-drop-label">{t(`drops.${k}`)}</span>
          </div>
        ))}
      </div>
      {d.last_at !== null && d.last_reason ? (
        <Typography.Paragraph type="secondary" className="devpage-small devpage-drop-last">
          {t('drops.last', { time: dayjs(d.last_at).format('YYYY-MM-DD HH:mm:ss'), reason: d.last_reason })}
        </Typography.Paragraph>
      ) : null}
      <Typography.Text type="secondary" className="devpage-small">
        {t('drops.hint')}
      </Typography.Text>
    </div>
  );
}
