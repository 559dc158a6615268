import { BoardLimits, type BoardCard, type BoardTagRef, type BoardThresholds } from '@hmi/domain';

/** What the card editor holds while the user edits. */
export interface CardDraft {
  kind: BoardCard['kind'];
  title: string;
  windowMs: number;
  /** Indicator: its device and tag. */
  deviceId: number | undefined;
  tagId: number | undefined;
  thresholds: BoardThresholds;
  /** Trend: the chosen (device, tag) pairs in colour order. */
  pairs: BoardTagRef[];
}

export const NO_THRESHOLDS: BoardThresholds = {
  low_alarm: null,
  low_warn: null,
  high_warn: null,
  high_alarm: null,
};

export function draftOf(card: BoardCard | undefined, kind: BoardCard['kind'] = 'indicator'): CardDraft {
  if (!card) {
    return {
      kind,
      title: '',
      windowMs: 3_600_000,
      deviceId: undefined,
      tagId: undefined,
      thresholds: NO_THRESHOLDS,
      pairs: [],
    };
  }
  return card.kind === 'indicator'
    ? {
        kind: 'indicator',
        title: card.title,
        windowMs: card.window_ms,
        deviceId: card.device_id,
        tagId: card.tag_id,
        thresholds: card.thresholds,
        pairs: [],
      }
    : {
        kind: 'trend',
        title: card.title,
        windowMs: card.window_ms,
        deviceId: undefined,
        tagId: undefined,
        thresholds: NO_THRESHOLDS,
        pairs: card.tags,
      };
}

/** The card the draft describes, or null while something required is missing. */
export function cardOf(draft: CardDraft, id: string): BoardCard | null {
  const title = draft.title.trim();
  if (draft.kind === 'indicator') {
    if (draft.deviceId === undefined || draft.tagId === undefined) return null;
    return {
      id,
      kind: 'indicator',
      title,
      device_id: draft.deviceId,
      tag_id: draft.tagId,
      window_ms: draft.windowMs,
      thresholds: draft.thresholds,
    };
  }
  if (draft.pairs.length === 0) return null;
  return {
    id,
    kind: 'trend',
    title,
    tags: draft.pairs.slice(0, BoardLimits.trendTagsMax),
    window_ms: draft.windowMs,
  };
}

/** The trend's pairs with a device's chosen tags: that device's tags replaced, in order, at most 10 in all. */
export function withDeviceTags(
  pairs: readonly BoardTagRef[],
  deviceId: number,
  tagIds: readonly number[],
): BoardTagRef[] {
  const others = pairs.filter((p) => p.device_id !== deviceId);
  const room = BoardLimits.trendTagsMax - others.length;
  return [
    ...others,
    ...tagIds.slice(0, Math.max(0, room)).map((tag_id) => ({ device_id: deviceId, tag_id })),
  ];
}

/** Whether saving `kind` for card `editingId` takes the board past the suggested 3 indicator cards (SPEC section 9). */
export function pastIndicatorSuggestion(
  cards: readonly BoardCard[],
  editingId: string | undefined,
  kind: BoardCard['kind'],
): boolean {
  const others = cards.filter((c) => c.kind === 'indicator' && c.id !== editingId).length;
  return kind === 'indicator' && others + 1 > BoardLimits.indicatorSuggested;
}
