import { z } from 'zod';
import { historyValue } from './history.api.ts';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of the data board (/operations/dashboard) and of favourite devices. Paths are
 * relative to API_BASE. Each user has one board of their own: cards (indicator: one tag's value;
 * trend: up to 10 tags of any devices in scope) and a grid layout per screen size (breakpoint).
 *
 * Every (device, tag) a card names is checked against the caller's data scope on save (1003): a
 * card that was saved before and whose device has since left the scope is kept as it was (it
 * reads `no_access` on load, never an error), but a new or changed reference must be in scope.
 */
export const BoardPaths = {
  get: '/board', // GET -> boardReply                                        (dashboard view 1)
  save: '/board/save', // POST boardSaveBody -> boardReply                    (dashboard view 1)
  /** A first board from the caller's devices, not saved (the empty board offers it). */
  suggestion: '/board/suggestion', // GET -> boardReply (updated_at 0)       (dashboard view 1)
  favourites: '/board/favourites', // GET -> favouriteListReply               (device view 2)
  favourite: '/board/favourite', // POST favouriteSetBody -> favouriteState   (device view 2)
} as const;

export const BoardLimits = {
  /** Cards on one board (the layout library stays smooth, the socket's device cap holds). */
  maxCards: 24,
  /** SPEC section 9 suggests no more than 3 indicator cards: the editor warns past it. */
  indicatorSuggested: 3,
  /** Tags of one trend card (as the history chart). */
  trendTagsMax: 10,
  /** Favourite devices per user (the socket's devices per message). */
  favouritesMax: 50,
  /** Grid columns at the widest breakpoint. */
  columns: 12,
} as const;

/** Screen sizes of the board's layout, widest first, with their minimum width in px and columns. */
export const boardBreakpoints = ['lg', 'md', 'sm', 'xs'] as const;
export type BoardBreakpoint = (typeof boardBreakpoints)[number];
export const BoardBreakpointWidth: Record<BoardBreakpoint, number> = { lg: 1200, md: 996, sm: 768, xs: 0 };
export const BoardColumns: Record<BoardBreakpoint, number> = { lg: 12, md: 10, sm: 6, xs: 1 };

/** Windows offered for min/max/avg and trends (ms). */
export const boardWindows = [3_600_000, 6 * 3_600_000, 86_400_000, 7 * 86_400_000] as const;
/** Any window from a minute to the longest offered (the editor offers boardWindows). */
const windowMs = z
  .number()
  .int()
  .min(60_000)
  .max(boardWindows[boardWindows.length - 1]!);

const id = z.number().int().positive();
/** A card's key in the layout: client-made, letters, digits, '-' and '_'. */
const cardId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

export const boardTagRef = z.object({ device_id: id, tag_id: id });
export type BoardTagRef = z.infer<typeof boardTagRef>;

/** Colour steps of an indicator: alarm outside [low_alarm, high_alarm], warn outside [low_warn, high_warn]. */
export const boardThresholds = z.object({
  low_alarm: z.number().finite().nullable().default(null),
  low_warn: z.number().finite().nullable().default(null),
  high_warn: z.number().finite().nullable().default(null),
  high_alarm: z.number().finite().nullable().default(null),
});
export type BoardThresholds = z.infer<typeof boardThresholds>;

export const indicatorCard = z.object({
  id: cardId,
  kind: z.literal('indicator'),
  title: singleLineText.max(50).default(''),
  device_id: id,
  tag_id: id,
  /** Window of min/max/avg. */
  window_ms: windowMs.default(3_600_000),
  thresholds: boardThresholds.default({ low_alarm: null, low_warn: null, high_warn: null, high_alarm: null }),
});

export const trendCard = z.object({
  id: cardId,
  kind: z.literal('trend'),
  title: singleLineText.max(50).default(''),
  tags: z.array(boardTagRef).min(1).max(BoardLimits.trendTagsMax),
  window_ms: windowMs.default(3_600_000),
});

export const boardCard = z.discriminatedUnion('kind', [indicatorCard, trendCard]);
export type BoardCard = z.infer<typeof boardCard>;
export type BoardCardInput = z.input<typeof boardCard>;
export type IndicatorCard = z.infer<typeof indicatorCard>;
export type TrendCard = z.infer<typeof trendCard>;

const gridUnit = z.number().int().min(0).max(1000);
export const boardLayoutItem = z.object({
  i: cardId,
  x: gridUnit,
  y: gridUnit,
  w: z.number().int().min(1).max(BoardLimits.columns),
  h: z.number().int().min(1).max(20),
});
export type BoardLayoutItem = z.infer<typeof boardLayoutItem>;

const layoutList = z.array(boardLayoutItem).max(BoardLimits.maxCards);
/** One layout per breakpoint; a breakpoint left out is laid out by the client from the next wider one. */
export const boardLayouts = z.object({
  lg: layoutList.optional(),
  md: layoutList.optional(),
  sm: layoutList.optional(),
  xs: layoutList.optional(),
});
export type BoardLayouts = z.infer<typeof boardLayouts>;

/**
 * The whole board (it replaces the stored one). At most BoardLimits.maxCards cards with unique
 * ids (1006 beyond); layout items naming no card are dropped.
 */
export const boardSaveBody = z.object({
  cards: z.array(boardCard).max(BoardLimits.maxCards),
  layouts: boardLayouts,
});
export type BoardSaveBody = z.input<typeof boardSaveBody>;

/** A device a card refers to, as the caller may see it. */
export const boardDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  online: z.number().int(),
});
/** A tag a card refers to (of a device in scope). */
export const boardTag = z.object({
  device_id: z.number().int(),
  tag_id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  data_type: z.number().int(),
  decimals: z.number().int(),
});
export type BoardTag = z.infer<typeof boardTag>;

export const boardReply = z.object({
  cards: z.array(boardCard),
  layouts: boardLayouts,
  /** Devices of the cards inside the caller's scope; a card naming another device reads "no access". */
  devices: z.array(boardDevice),
  /** Tags of those devices that the cards name (a tag missing here left the device's template). */
  tags: z.array(boardTag),
  max_cards: z.number().int(),
  indicator_suggested: z.number().int(),
  /** 0 when the user has never saved a board. */
  updated_at: z.number().int(),
});
export type BoardReply = z.infer<typeof boardReply>;

// ---- favourite devices ----

export const favouriteSetBody = z.object({ device_id: id, on: z.boolean() });
export type FavouriteSetBody = z.infer<typeof favouriteSetBody>;

export const favouriteState = z.object({ device_id: z.number().int(), on: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteState>;

/** The caller's favourites inside their current scope (others are left out, never an error), newest first. */
export const favouriteListReply = z.object({
  list: z.array(
    z.object({
      device_id: z.number().int(),
      name: z.string(),
      sn: z.string(),
      online: z.number().int(),
      /** The first tags of the device (template order) with their last values. */
      last: z.array(
        z.object({
          tag_id: z.number().int(),
          name: z.string(),
          unit: z.string(),
          ts: z.number().int().nullable(),
          value: historyValue.nullable(),
        }),
      ),
    }),
  ),
  max: z.number().int(),
});
export type FavouriteListReply = z.infer<typeof favouriteListReply>;
/** Tags per favourite in `last`. */
export const FAVOURITE_LAST_TAGS = 3;
