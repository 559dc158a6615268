import { screenWidgetType, type ScreenWidgetType } from '@hmi/domain';

/*
 * A palette item dragged onto the canvas (HTML drag and drop): the widget type travels in the
 * drag's data under a type of its own, so the canvas accepts only palette items.
 */

export const PALETTE_MIME = 'application/x-hmi-widget';

/** Puts a palette item's type into a starting drag. */
export function startPaletteDrag(data: DataTransfer, type: ScreenWidgetType): void {
  data.setData(PALETTE_MIME, type);
  data.effectAllowed = 'copy';
}

/** The widget type a drop carries, if it is a palette item's. */
export function paletteTypeOf(data: DataTransfer): ScreenWidgetType | undefined {
  const parsed = screenWidgetType.safeParse(data.getData(PALETTE_MIME));
  return parsed.success ? parsed.data : undefined;
}
