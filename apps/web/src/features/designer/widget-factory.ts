import {
  ScreenLimits,
  screenWidget,
  type ScreenWidget,
  type ScreenWidgetInput,
  type ScreenWidgetType,
} from '@hmi/domain';
import { clampPosition } from './widget-geometry.ts';

/*
 * New widgets: one of each palette type with a size that reads well at 1920 x 1080, the props a
 * new widget starts with (the schema's defaults fill the rest), and ids unique in the document
 * (`<type>-<n>`, the smallest n free: readable in the layers list and stable in tests).
 */

/** What a new widget of some types must name: an uploaded picture, a screen to open. */
export interface WidgetRefs {
  assetId?: number;
  screenId?: number;
}

const SIZES: Record<ScreenWidgetType, { w: number; h: number }> = {
  text: { w: 200, h: 40 },
  label: { w: 200, h: 40 },
  numeric: { w: 160, h: 48 },
  lamp: { w: 48, h: 48 },
  bar: { w: 48, h: 200 },
  gauge: { w: 200, h: 200 },
  trend: { w: 480, h: 240 },
  'numeric-input': { w: 160, h: 40 },
  'text-input': { w: 200, h: 40 },
  button: { w: 140, h: 48 },
  switch: { w: 96, h: 48 },
  image: { w: 240, h: 180 },
  svg: { w: 400, h: 300 },
  'alarm-list': { w: 560, h: 260 },
  nav: { w: 140, h: 48 },
};

/** The size a new widget of the type gets. */
export const defaultSizeOf = (type: ScreenWidgetType) => SIZES[type];

/** The types that need a ref before they can be added (their schema has no default for it). */
export const typeNeeds = (type: ScreenWidgetType): keyof WidgetRefs | undefined =>
  type === 'image' || type === 'svg' ? 'assetId' : type === 'nav' ? 'screenId' : undefined;

function startProps(type: ScreenWidgetType, refs: WidgetRefs, caption: string): Record<string, unknown> {
  switch (type) {
    case 'label':
      return { text: caption };
    case 'button':
      return { label: caption };
    case 'nav':
      return { label: caption, screenId: refs.screenId };
    case 'image':
    case 'svg':
      return { assetId: refs.assetId };
    default:
      return {};
  }
}

/** A free id for a widget of `type`: `<type>-<n>` with the smallest n not in `taken`. */
export function freeWidgetId(type: string, taken: ReadonlySet<string>): string {
  const base = type.replace(/[^A-Za-z0-9_-]/g, '').slice(0, ScreenLimits.widgetIdMax - 8) || 'w';
  for (let n = 1; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A new widget of `type` centred on `at` (design px), in front of `z`, its props filled with the
 * schema's defaults; a label, button or nav shows `caption` (the palette's name of the type, in
 * the designer's language). Throws when the type needs a ref that `refs` lacks (typeNeeds).
 */
export function newWidget(
  type: ScreenWidgetType,
  at: { x: number; y: number },
  id: string,
  z: number,
  refs: WidgetRefs = {},
  caption = '',
): ScreenWidget {
  const need = typeNeeds(type);
  if (need && refs[need] === undefined) throw new Error(`a ${type} widget needs ${need}`);
  const { w, h } = SIZES[type];
  const input = {
    id,
    type,
    x: clampPosition(at.x - w / 2),
    y: clampPosition(at.y - h / 2),
    w,
    h,
    rotation: 0,
    z,
    props: startProps(type, refs, caption.slice(0, ScreenLimits.labelMax)),
  } as ScreenWidgetInput;
  return screenWidget.parse(input);
}

/**
 * Copies of `widgets` for a paste: new ids (free in `taken`, which it extends), moved by
 * `offset` px, stacked in front of `zFrom` in their own order, unlocked.
 */
export function pastedCopies(
  widgets: readonly ScreenWidget[],
  taken: Set<string>,
  offset: number,
  zFrom: number,
): ScreenWidget[] {
  return widgets.map((w, i) => {
    const id = freeWidgetId(w.type, taken);
    taken.add(id);
    const copy = structuredClone(w);
    delete copy.locked;
    return {
      ...copy,
      id,
      x: clampPosition(w.x + offset),
      y: clampPosition(w.y + offset),
      z: Math.min(ScreenLimits.zMax, zFrom + i),
    };
  });
}
