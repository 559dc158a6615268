import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionSummary } from '@hmi/domain';

/**
 * The global summary's regions (an account with several data centers). A region served by
 * another regional stack has no numbers here: its console shows them.
 */
export function RegionsCard({ regions }: { regions: RegionSummary[] }) {
  const { t } = useTranslation('controlpanel');
  return (
    <Card className="cp-card" data-testid="cp-regions-card" title={t('regions.title')}>
      <ul className="cp-list">
        {regions.map((r) => (
          <li key={r.region} className="cp-row" data-testid="cp-region" data-region={r.region}>
            <span className="cp-grow">{t(`common:region.${r.region}`)}</span>
            {r.summary ? (
              <span className="cp-mono">
                {t('regions.counts', {
                  total: r.summary.total,
                  online: r.summary.online,
                  alarm: r.summary.alarm,
                })}
              </span>
            ) : (
              <Typography.Text type="secondary">{t('regions.elsewhere')}</Typography.Text>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
