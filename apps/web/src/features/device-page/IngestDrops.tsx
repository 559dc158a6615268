import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useIngestDrops } from './use-device-page.ts';

/** The drop counters of /history/drops; the last two are billing's (docs/api.md, Billing). */
export const dropKinds = [
  'unknown_tag',
  'wrong_type',
  'bad_payload',
  'template_locked',
  'tag_quota',
] as const;
/** Reasons that need the user to act under My account: explained when they occurred. */
const explained = ['template_locked', 'tag_quota'] as const;

/**
 * Values the ingest pipeline refused for the device, by reason (billing locks and TAG quota
 * included, with what they mean when they occurred), and the latest reason.
 */
export function IngestDrops({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('devicepage');
  const drops = useIngestDrops(deviceId);
  if (drops.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  const d = drops.data;
  const total = d ? dropKinds.reduce((n, k) => n + d[k], 0) : 0;
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
        {dropKinds.map((k) => (
          <div key={k} className={d[k] > 0 ? 'devpage-drop is-some' : 'devpage-drop'} data-kind={k}>
            <span className="devpage-drop-count">{d[k].toLocaleString()}</span>
            <span className="devpage-drop-label">{t(`drops.${k}`)}</span>
          </div>
        ))}
      </div>
      {explained
        .filter((k) => d[k] > 0)
        .map((k) => (
          <Typography.Paragraph
            key={k}
            className="devpage-small devpage-drop-why"
            data-testid={`devpage-drop-why-${k}`}
          >
            {t(`drops.why.${k}`)}
          </Typography.Paragraph>
        ))}
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
