import type { BoardTag, BoardTagRef, HistorySeriesReply } from '@hmi/domain';

/**
 * One reply for a trend of tags of several devices: each device's reply (same range and width,
 * so the same buckets) with its series renumbered by the tag's place on the card (1-based), since
 * tag ids repeat across devices of one template.
 */
export function mergeTrendReplies(
  refs: readonly BoardTagRef[],
  replies: ReadonlyMap<number, HistorySeriesReply>,
): HistorySeriesReply | undefined {
  const first = [...replies.values()][0];
  if (!first) return undefined;
  const series: HistorySeriesReply['series'] = [];
  refs.forEach((r, k) => {
    const s = replies.get(r.device_id)?.series.find((x) => x.tag_id === r.tag_id);
    if (s) series.push({ ...s, tag_id: k + 1 });
  });
  const bucketMs = Math.max(...[...replies.values()].map((x) => x.bucket_ms));
  return { ...first, bucket_ms: bucketMs, series };
}

/** The legend of a trend: "device · tag" per place on the card (tags that left the scope are left out). */
export function trendLegend(
  refs: readonly BoardTagRef[],
  tags: readonly BoardTag[],
  deviceName: (id: number) => string | undefined,
) {
  return refs.flatMap((r, k) => {
    const tag = tags.find((x) => x.device_id === r.device_id && x.tag_id === r.tag_id);
    const device = deviceName(r.device_id);
    if (!tag || device === undefined) return [];
    return [
      {
        id: k + 1,
        name: `${device} · ${tag.name}`,
        unit: tag.unit,
        decimals: tag.decimals,
        dataType: tag.data_type,
      },
    ];
  });
}
