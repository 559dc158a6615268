import { Card, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatPercent, type PanelQuota } from '@hmi/domain';
import { percentOf } from './panel-links.ts';

/** Quota usage from billing (absent in region cn and without myAccount view: the server sends null). */
export function QuotaCard({ quota }: { quota: PanelQuota }) {
  const { t } = useTranslation('controlpanel');
  const bar = (key: string, used: number, total: number, text: string) => (
    <div className="cp-quota" data-testid={`cp-quota-${key}`}>
      <div className="cp-row">
        <span className="cp-grow">{t(`quota.${key}`)}</span>
        <span className="cp-mono">{text}</span>
      </div>
      <Progress
        percent={percentOf(used, total)}
        format={() => formatPercent(total > 0 ? used / total : 0)}
        size="small"
        status={used > total ? 'exception' : 'normal'}
      />
    </div>
  );
  const traffic = quota.traffic;
  const trafficTotal = traffic.used_bytes + traffic.left_bytes;
  return (
    <Card className="cp-card" data-testid="cp-quota-card" title={t('quota.title')}>
      {bar(
        'templates',
        quota.templates.used,
        quota.templates.total,
        `${quota.templates.used} / ${quota.templates.total}`,
      )}
      {bar('tags', quota.tags.used, quota.tags.total, `${quota.tags.used} / ${quota.tags.total}`)}
      {bar(
        'traffic',
        traffic.used_bytes,
        trafficTotal,
        t('quota.trafficText', {
          used: formatBytes(traffic.used_bytes),
          left: formatBytes(traffic.left_bytes),
          month: traffic.month,
        }),
      )}
    </Card>
  );
}
