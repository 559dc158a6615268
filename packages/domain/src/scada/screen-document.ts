import { z } from 'zod';
import { screenAction } from './screen-actions.ts';
import {
  screenBinding,
  extent,
  finite,
  hexColor,
  position,
  screenHeight,
  ScreenLimits,
  screenRefId,
  screenWidth,
  widgetId,
  zoneRef,
} from './screen-primitives.ts';
import { screenWidgetProps, type ScreenWidgetType } from './screen-widget-props.ts';

/**
 * The document of one SCADA screen of a multi-device project (api/project.api.ts): drawn in the
 * web designer, stored as JSON on the server, run full-screen at /scada. The stored JSON carries
 * its `version`; a stored document of any version is read through migrateScreenDocument
 * (scada/screen-migrate.ts), which moves it forward to this one, the current version 2.
 *
 * A screen is `size.width` x `size.height` design px, shown scaled by `scale` (`fit`: whole,
 * letterboxed; `fill`: stretched to the window; `fixed`: 1:1, scrolling) over its background.
 * Widgets are drawn in `z` order (equal z: array order), each at x/y (its top-left corner) with
 * w x h, turned `rotation` degrees about its centre. A widget reads its `binding` (one tag of
 * one device) and runs its `actions` when pressed; a widget naming a `zoneId` may be operated
 * only by holders of that security zone (its writes are refused otherwise, as any tag write).
 *
 * Everything is strict and bounded: unknown keys, unknown widget types or action kinds,
 * non-finite numbers, oversized strings or arrays, and two widgets with one id are zod issues,
 * never stored. The messages are plain English (the server shows them in
 * `validation.screen.document`).
 */
export const SCREEN_DOCUMENT_VERSION = 2;

export const screenScale = z.enum(['fit', 'fill', 'fixed']);
export type ScreenScale = z.infer<typeof screenScale>;

/** Fields every widget has, whatever its type. */
const widgetBase = {
  id: widgetId,
  x: position,
  y: position,
  w: extent,
  h: extent,
  /** Degrees, clockwise, about the widget's centre. */
  rotation: finite.min(-360).max(360).default(0),
  z: z.number().int().min(ScreenLimits.zMin).max(ScreenLimits.zMax).default(0),
  /** Locked in the designer (not moved by a drag); no effect on the running screen. */
  locked: z.boolean().optional(),
  zoneId: zoneRef,
  /** The tag the widget shows (and an input or switch writes). */
  binding: screenBinding.optional(),
  actions: z.array(screenAction).max(ScreenLimits.actionsMax).optional(),
};

function widgetOf<const T extends ScreenWidgetType>(type: T) {
  return z.strictObject({ ...widgetBase, type: z.literal(type), props: screenWidgetProps[type] });
}

export const screenWidget = z.discriminatedUnion('type', [
  widgetOf('text'),
  widgetOf('label'),
  widgetOf('numeric'),
  widgetOf('lamp'),
  widgetOf('bar'),
  widgetOf('gauge'),
  widgetOf('trend'),
  widgetOf('numeric-input'),
  widgetOf('text-input'),
  widgetOf('button'),
  widgetOf('switch'),
  widgetOf('image'),
  widgetOf('svg'),
  widgetOf('alarm-list'),
  widgetOf('nav'),
]);
export type ScreenWidget = z.infer<typeof screenWidget>;
/** A widget as the designer may send it (cosmetic props and rotation/z may be left out). */
export type ScreenWidgetInput = z.input<typeof screenWidget>;
/** The widget of one type. */
export type ScreenWidgetOf<T extends ScreenWidgetType> = Extract<ScreenWidget, { type: T }>;

export const screenSize = z.strictObject({ width: screenWidth, height: screenHeight });
export type ScreenSize = z.infer<typeof screenSize>;

export const screenBackground = z.strictObject({
  color: hexColor,
  /** An uploaded picture drawn over the colour, stretched to the screen. */
  imageAssetId: screenRefId.optional(),
});
export type ScreenBackground = z.infer<typeof screenBackground>;

/** Widget ids are unique in a document: they key the designer's selection and the runtime's subscriptions. */
export function checkUniqueWidgetIds(
  widgets: readonly { id: string }[],
  ctx: z.RefinementCtx<unknown>,
): void {
  const firstIndex = new Map<string, number>();
  widgets.forEach((w, i) => {
    const first = firstIndex.get(w.id);
    if (first === undefined) firstIndex.set(w.id, i);
    else
      ctx.addIssue({
        code: 'custom',
        message: `widget id "${w.id}" is used twice (widgets ${first} and ${i})`,
        path: ['widgets', i, 'id'],
        params: { id: w.id, first },
      });
  });
}

/** Every svg mark has a tag: its own binding or its widget's. */
function checkSvgMarkBindings(widgets: readonly ScreenWidget[], ctx: z.RefinementCtx<unknown>): void {
  widgets.forEach((w, i) => {
    if (w.type !== 'svg' || w.binding) return;
    w.props.marks.forEach((m, j) => {
      if (!m.binding)
        ctx.addIssue({
          code: 'custom',
          message: `svg mark "${m.selector}" has no binding and its widget "${w.id}" has none either`,
          path: ['widgets', i, 'props', 'marks', j, 'binding'],
        });
    });
  });
}

export const screenDocument = z
  .strictObject({
    version: z.literal(SCREEN_DOCUMENT_VERSION),
    size: screenSize.default({ width: ScreenLimits.defaultWidth, height: ScreenLimits.defaultHeight }),
    scale: screenScale.default('fit'),
    background: screenBackground.default({ color: '#FFFFFF' }),
    widgets: z.array(screenWidget).max(ScreenLimits.widgetsMax).default([]),
  })
  .superRefine((doc, ctx) => {
    checkUniqueWidgetIds(doc.widgets, ctx);
    checkSvgMarkBindings(doc.widgets, ctx);
  });
/** A current screen document, as parsed (every default filled in). */
export type ScreenDocument = z.infer<typeof screenDocument>;
/** A current screen document as the designer may send it. */
export type ScreenDocumentInput = z.input<typeof screenDocument>;
