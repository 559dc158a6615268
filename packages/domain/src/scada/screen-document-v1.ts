import { z } from 'zod';
import { checkUniqueWidgetIds } from './screen-document.ts';
import {
  extent,
  hexColor,
  position,
  screenHeight,
  ScreenLimits,
  screenWidth,
  widgetId,
  writeValue,
  zoneRef,
} from './screen-primitives.ts';
import { screenWidgetProps, type ScreenWidgetType } from './screen-widget-props.ts';

/**
 * Version 1 of the screen document, the first format the designer saved: kept to read documents
 * stored in it (migrateScreenDocument moves them to the current version), never written.
 *
 * A v1 screen is `width` x `height` px, shown 1:1 (no scale setting: it reads as `fixed`) over a
 * plain background colour. Widgets have `left`/`top`/`width`/`height`, no rotation and no z
 * (their array order is their stacking order); a widget reads one tag named by `bind`,
 * "deviceId:tagId", and `onClick: { set: value }` writes `value` to that same tag. There were no
 * svg and no alarm-list widgets yet; the props of the other types are those of version 2 (they
 * did not change: when a later version changes them, v1 gets its own copy here). A document
 * without `version` is a v1 document.
 */
export const SCREEN_DOCUMENT_V1 = 1;

/** The widget types of version 1. */
export const screenWidgetTypesV1 = [
  'text',
  'label',
  'numeric',
  'lamp',
  'bar',
  'gauge',
  'trend',
  'numeric-input',
  'text-input',
  'button',
  'switch',
  'image',
  'nav',
] as const satisfies readonly ScreenWidgetType[];
export type ScreenWidgetTypeV1 = (typeof screenWidgetTypesV1)[number];

/** "deviceId:tagId", both positive decimal integers of at most 15 digits (always safe integers). */
export const tagAddressV1 = z
  .string()
  .max(40)
  .regex(/^[1-9][0-9]{0,14}:[1-9][0-9]{0,14}$/, { error: 'expected a binding as "deviceId:tagId"' });

const widgetBaseV1 = {
  id: widgetId,
  left: position,
  top: position,
  width: extent,
  height: extent,
  locked: z.boolean().optional(),
  zoneId: zoneRef,
  bind: tagAddressV1.optional(),
  /** A press writes `set` to the bound tag. */
  onClick: z.strictObject({ set: writeValue }).optional(),
};

function widgetOfV1<const T extends ScreenWidgetTypeV1>(type: T) {
  return z.strictObject({ ...widgetBaseV1, type: z.literal(type), props: screenWidgetProps[type] });
}

export const screenWidgetV1 = z.discriminatedUnion('type', [
  widgetOfV1('text'),
  widgetOfV1('label'),
  widgetOfV1('numeric'),
  widgetOfV1('lamp'),
  widgetOfV1('bar'),
  widgetOfV1('gauge'),
  widgetOfV1('trend'),
  widgetOfV1('numeric-input'),
  widgetOfV1('text-input'),
  widgetOfV1('button'),
  widgetOfV1('switch'),
  widgetOfV1('image'),
  widgetOfV1('nav'),
]);
export type ScreenWidgetV1 = z.infer<typeof screenWidgetV1>;

export const screenDocumentV1 = z
  .strictObject({
    version: z.literal(SCREEN_DOCUMENT_V1).optional(),
    width: screenWidth,
    height: screenHeight,
    background: hexColor,
    widgets: z.array(screenWidgetV1).max(ScreenLimits.widgetsMax),
  })
  .superRefine((doc, ctx) => {
    checkUniqueWidgetIds(doc.widgets, ctx);
    doc.widgets.forEach((w, i) => {
      if (w.onClick && w.bind === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `widget "${w.id}" has onClick but no bind: there is no tag to set`,
          path: ['widgets', i, 'onClick'],
        });
    });
  });
export type ScreenDocumentV1 = z.infer<typeof screenDocumentV1>;
