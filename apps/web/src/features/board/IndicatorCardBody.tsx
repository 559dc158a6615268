import { useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardTag, IndicatorCard } from '@hmi/domain';
import { useHistorySeries } from '../history/index.ts';
import { useLiveValue } from '../live/index.ts';
import { formatTagValue, tagQuality } from '../monitor/index.ts';
import { thresholdLevel, windowStats } from './board-layout.ts';
import { Sparkline } from './Sparkline.tsx';
import { useAnchor } from './use-anchor.ts';
import type { BoardLive } from './use-board-live.ts';

const HOUR = 3_600_000;
/** The sparkline's buckets (width in the history API's pixels). */
const SPARK_WIDTH = 240;
/** min/max/avg from the finest series the history API gives. */
const STATS_WIDTH = 4000;

interface Props {
  card: IndicatorCard;
  tag: BoardTag;
  online: boolean;
  live: BoardLive;
}

const qualityColor = { fresh: 'success', stale: 'warning', offline: 'default' } as const;

/** An indicator: the tag's live value with unit, quality, threshold colour, last hour's line, window stats. */
export function IndicatorCardBody({ card, tag, online, live }: Props) {
  const { t } = useTranslation('board');
  const anchor = useAnchor(60_000);
  const value = useLiveValue(live.store(card.device_id), card.tag_id);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const spark = useHistorySeries(
    { deviceId: card.device_id, tagIds: [card.tag_id], from: anchor - HOUR, to: anchor + 60_000 },
    SPARK_WIDTH,
  );
  const stats = useHistorySeries(
    { deviceId: card.device_id, tagIds: [card.tag_id], from: anchor - card.window_ms, to: anchor + 60_000 },
    STATS_WIDTH,
  );
  const sparkSeries = spark.data?.series[0];
  const lastStored = sparkSeries ? sparkSeries.last[sparkSeries.last.length - 1] : undefined;
  const shown = value ? value.value : lastStored;
  const numeric = typeof shown === 'number' ? shown : typeof shown === 'string' ? Number(shown) : null;
  const level = thresholdLevel(
    numeric !== null && Number.isFinite(numeric) ? numeric : null,
    card.thresholds,
  );
  const quality = tagQuality(online, value?.receivedAt, now);
  const s = stats.data ? windowStats(stats.data.series) : null;
  const fmt = (n: number) =>
    formatTagValue(Number(n.toFixed(Math.max(tag.decimals, 2))), tag.data_type, tag.decimals);

  return (
    <>
      <div>
        <span className={`board-indicator-value board-level-${level}`} data-testid="board-indicator-value">
          {formatTagValue(shown, tag.data_type, tag.decimals)}
        </span>
        {tag.unit ? <span className="board-indicator-unit">{tag.unit}</span> : null}
        <Tag color={qualityColor[quality]} style={{ marginLeft: 8 }} data-testid="board-indicator-quality">
          {t(`quality.${quality}`)}
        </Tag>
      </div>
      <Sparkline series={sparkSeries} from={anchor - HOUR} to={anchor + 60_000} />
      <div className="board-indicator-stats" data-testid="board-indicator-stats">
        <Typography.Text type="secondary">
          {t(`window.${card.window_ms}`, { defaultValue: '' })}
        </Typography.Text>
        <span>
          {t('stats.min')} {s ? fmt(s.min) : '—'}
        </span>
        <span>
          {t('stats.max')} {s ? fmt(s.max) : '—'}
        </span>
        <span>
          {t('stats.avg')} {s ? fmt(s.avg) : '—'}
        </span>
      </div>
    </>
  );
}
