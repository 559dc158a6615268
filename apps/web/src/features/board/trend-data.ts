import type { BoardTag, BoardTagRef, HistorySeriesReply, HistoryValue } from '@hmi/domain';

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

/** A live value of a card tag, if the board's socket has one. */
export type LiveLookup = (deviceId: number, tagId: number) => { value: HistoryValue; ts: number } | undefined;

/**
 * The trend's history with the live values appended: each series whose tag has a live sample
 * newer than its last bucket gets that sample as one more point (min = max = last = the value),
 * so the line reaches "now" between two history reads. Samples outside [from, to] are left out.
 */
export function withLiveTail(
  reply: HistorySeriesReply,
  refs: readonly BoardTagRef[],
  live: LiveLookup,
  range: { from: number; to: number },
): HistorySeriesReply {
  let changed = false;
  const series = reply.series.map((s) => {
    const ref = refs[s.tag_id - 1];
    const v = ref ? live(ref.device_id, ref.tag_id) : undefined;
    const lastTs = s.last_ts.length > 0 ? s.last_ts[s.last_ts.length - 1]! : -Infinity;
    if (!v || v.ts <= lastTs || v.ts < range.from || v.ts > range.to) return s;
    changed = true;
    const num = typeof v.value === 'number' ? v.value : null;
    return {
      ...s,
      t: [...s.t, v.ts],
      n: [...s.n, 1],
      min: [...s.min, num],
      max: [...s.max, num],
      first: [...s.first, v.value],
      last: [...s.last, v.value],
      first_ts: [...s.first_ts, v.ts],
      last_ts: [...s.last_ts, v.ts],
    };
  });
  return changed ? { ...reply, series } : reply;
}
