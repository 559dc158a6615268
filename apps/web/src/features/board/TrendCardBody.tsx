import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardTag, HistorySeriesReply, TrendCard } from '@hmi/domain';
import { buildChartData, HistoryChart, historyApi, historyKeys, seriesWidth } from '../history/index.ts';
import { mergeTrendReplies, trendLegend, withLiveTail } from './trend-data.ts';
import type { BoardLive } from './use-board-live.ts';
import { useAnchor } from './use-anchor.ts';

/** The window slides this often (the chart is downsampled history, read again). */
const SLIDE_MS = 30_000;
/** Between two history reads the live values extend the lines, redrawn at most this often. */
const LIVE_REDRAW_MS = 1000;

interface Props {
  card: TrendCard;
  tags: readonly BoardTag[];
  deviceName(id: number): string | undefined;
  live: BoardLive;
}

/** A counter that moves (at most once per LIVE_REDRAW_MS) when a live value of the card's tags changes. */
function useLiveTick(live: BoardLive, refs: TrendCard['tags']): number {
  const [tick, setTick] = useState(0);
  const key = refs.map((r) => `${r.device_id}:${r.tag_id}`).join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setTick((n) => n + 1);
      }, LIVE_REDRAW_MS);
    };
    const offs = refs.map((r) => live.store(r.device_id).subscribe(r.tag_id, bump));
    return () => {
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, key]);
  return tick;
}

/** A trend: up to 10 tags of any devices in scope on one uPlot chart of the history screen. */
/** The chart fills the card (it resizes with it): the plot gets what the legend leaves. */
export function TrendCardBody({ card, tags, deviceName, live }: Props) {
  const { t } = useTranslation('board');
  const anchor = useAnchor(SLIDE_MS);
  const view = useMemo(
    () => ({ from: anchor - card.window_ms, to: anchor + SLIDE_MS }),
    [anchor, card.window_ms],
  );
  const [plotPx, setPlotPx] = useState(0);
  const width = plotPx > 0 ? seriesWidth(plotPx) : 0;
  const legend = useMemo(() => trendLegend(card.tags, tags, deviceName), [card.tags, tags, deviceName]);
  const visible = card.tags.filter((_, k) => legend.some((l) => l.id === k + 1));
  const byDevice = useMemo(() => {
    const m = new Map<number, number[]>();
    for (const r of visible) m.set(r.device_id, [...(m.get(r.device_id) ?? []), r.tag_id]);
    return m;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible.map((r) => `${r.device_id}:${r.tag_id}`).join(',')]);

  const queries = useQueries({
    queries: [...byDevice].map(([deviceId, tagIds]) => {
      const scope = { deviceId, tagIds, ...view };
      return {
        queryKey: historyKeys.series(scope, width),
        queryFn: ({ signal }: { signal: AbortSignal }) => historyApi.series(scope, width, signal),
        enabled: width > 0,
      };
    }),
  });
  const replies = new Map<number, HistorySeriesReply>();
  [...byDevice.keys()].forEach((id, i) => {
    const d = queries[i]?.data;
    if (d) replies.set(id, d);
  });
  const tick = useLiveTick(live, card.tags);
  const history = mergeTrendReplies(card.tags, replies);
  const merged = history ? withLiveTail(history, card.tags, (d, t) => live.store(d).get(t), view) : undefined;
  void tick; // the live tail above is read again on each tick
  const data = merged
    ? buildChartData(
        merged,
        legend.map((l) => l.id),
      )
    : undefined;

  return (
    <HistoryChart
      data={data}
      tags={legend}
      view={view}
      height="fill"
      compact
      loading={queries.some((q) => q.isFetching)}
      onZoom={() => undefined}
      onPan={() => undefined}
      onPlotWidth={setPlotPx}
      overlay={
        data && data.rows === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noData')} />
        ) : null
      }
    />
  );
}
