import {
  BoardColumns,
  BoardLimits,
  boardBreakpoints,
  type BoardCard,
  type BoardLayoutItem,
  type BoardLayouts,
} from '@hmi/domain';

/** A device the suggestion may use: in the caller's scope, on a template. */
export interface SuggestionDevice {
  id: number;
  name: string;
  online: number;
  template_id: number;
}

/** A tag of such a device (template order). */
export interface SuggestionTag {
  id: number;
  name: string;
  data_type: number;
}

/** Tags a chart and an indicator can show: numbers (not BOOL 0, not STRING 9). */
const numeric = (t: SuggestionTag) => t.data_type !== 0 && t.data_type !== 9;

/** Templates the suggestion draws from, and tags per trend. */
export const SuggestionLimits = { templates: 3, tagsPerTrend: 4, devicesPerTrend: 5 } as const;

/**
 * A first board from the caller's devices and their templates' tags (docs/api.md, Data board):
 * up to BoardLimits.indicatorSuggested indicators (the first number tag of a device of each
 * template in turn, online devices first); per template (at most 3), a trend of its first
 * device's number tags and, when it has several devices, a trend of its first number tag
 * across them. Nothing when no device has a number tag.
 */
export function suggestBoard(
  devices: readonly SuggestionDevice[],
  tagsOf: ReadonlyMap<number, readonly SuggestionTag[]>,
): { cards: BoardCard[]; layouts: BoardLayouts } {
  const sorted = [...devices].sort((a, b) => b.online - a.online || a.id - b.id);
  // Devices with number tags, grouped by template in the order of their first device.
  const byTemplate = new Map<number, { device: SuggestionDevice; tags: SuggestionTag[] }[]>();
  for (const d of sorted) {
    const tags = (tagsOf.get(d.id) ?? []).filter(numeric);
    if (tags.length === 0) continue;
    const list = byTemplate.get(d.template_id) ?? [];
    list.push({ device: d, tags });
    byTemplate.set(d.template_id, list);
  }
  const templates = [...byTemplate.values()].slice(0, SuggestionLimits.templates);

  const indicators: BoardCard[] = [];
  for (let round = 0; indicators.length < BoardLimits.indicatorSuggested; round++) {
    const before = indicators.length;
    for (const members of templates) {
      const m = members[round];
      if (!m || indicators.length >= BoardLimits.indicatorSuggested) continue;
      indicators.push(indicator(`s${indicators.length + 1}`, m.device.id, m.tags[0]!.id));
    }
    if (indicators.length === before) break;
  }

  const trends: BoardCard[] = [];
  for (const members of templates) {
    const first = members[0]!;
    trends.push({
      id: `t${trends.length + 1}`,
      kind: 'trend',
      title: first.device.name.slice(0, 50),
      tags: first.tags
        .slice(0, SuggestionLimits.tagsPerTrend)
        .map((t) => ({ device_id: first.device.id, tag_id: t.id })),
      window_ms: 3_600_000,
    });
    const tag = first.tags[0]!;
    const peers = members
      .filter((m) => m.tags.some((t) => t.id === tag.id))
      .slice(0, SuggestionLimits.devicesPerTrend);
    if (peers.length > 1) {
      trends.push({
        id: `t${trends.length + 1}`,
        kind: 'trend',
        title: tag.name.slice(0, 50),
        tags: peers.map((m) => ({ device_id: m.device.id, tag_id: tag.id })),
        window_ms: 3_600_000,
      });
    }
  }
  const cards = [...indicators, ...trends];
  return { cards, layouts: suggestedLayouts(indicators, trends) };
}

function indicator(id: string, deviceId: number, tagId: number): BoardCard {
  return {
    id,
    kind: 'indicator',
    title: '',
    device_id: deviceId,
    tag_id: tagId,
    window_ms: 3_600_000,
    thresholds: { low_alarm: null, low_warn: null, high_warn: null, high_alarm: null },
  };
}

/**
 * Every breakpoint laid out: the indicators side by side on the first row (a third of the width
 * each), then the trends two a row (one a row on a phone), tall enough for a readable chart.
 */
function suggestedLayouts(indicators: readonly BoardCard[], trends: readonly BoardCard[]): BoardLayouts {
  const out: BoardLayouts = {};
  for (const bp of boardBreakpoints) {
    const cols = BoardColumns[bp];
    const items: BoardLayoutItem[] = [];
    const iw = cols === 1 ? 1 : Math.floor(cols / 3);
    indicators.forEach((c, k) => {
      const perRow = cols === 1 ? 1 : 3;
      items.push({ i: c.id, x: (k % perRow) * iw, y: Math.floor(k / perRow) * 3, w: iw, h: 3 });
    });
    const top = items.reduce((m, it) => Math.max(m, it.y + it.h), 0);
    const tw = cols === 1 ? 1 : Math.floor(cols / 2);
    const perRow = cols === 1 ? 1 : 2;
    trends.forEach((c, k) => {
      items.push({ i: c.id, x: (k % perRow) * tw, y: top + Math.floor(k / perRow) * 5, w: tw, h: 5 });
    });
    out[bp] = items;
  }
  return out;
}
