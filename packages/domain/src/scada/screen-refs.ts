import type { ScreenDocument, ScreenWidget } from './screen-document.ts';
import type { ScreenBinding, ScreenTagRef } from './screen-primitives.ts';

/*
 * What a screen document refers to outside itself: the tags it reads and writes (the server
 * checks they belong to devices of the screen's project, 1089, and the runtime subscribes to
 * them), the screens it opens, the recipes it downloads and the pictures it shows (all of them
 * its project's: the server checks what a save adds). Each list is distinct and sorted
 * ascending, so two documents referring to the same things give equal lists.
 */

/** Every binding of a widget: its own, its svg marks', its actions'. */
function widgetBindings(widget: ScreenWidget): ScreenBinding[] {
  const found: ScreenBinding[] = [];
  if (widget.binding) found.push(widget.binding);
  if (widget.type === 'svg')
    for (const mark of widget.props.marks) if (mark.binding) found.push(mark.binding);
  for (const action of widget.actions ?? []) if ('binding' in action) found.push(action.binding);
  return found;
}

const byNumber = (a: number, b: number): number => a - b;

/** The distinct (device, tag) pairs the document reads or writes, by device then tag. */
export function bindingsOf(doc: ScreenDocument): ScreenTagRef[] {
  const refs = new Map<string, ScreenTagRef>();
  for (const widget of doc.widgets)
    for (const { deviceId, tagId } of widgetBindings(widget))
      refs.set(`${deviceId}:${tagId}`, { deviceId, tagId });
  return [...refs.values()].sort((a, b) => a.deviceId - b.deviceId || a.tagId - b.tagId);
}

/** The distinct devices the document reads or writes. */
export function deviceIdsOf(doc: ScreenDocument): number[] {
  return [...new Set(bindingsOf(doc).map((r) => r.deviceId))].sort(byNumber);
}

/** The distinct screens the document opens (goto actions and nav widgets). */
export function screenIdsOf(doc: ScreenDocument): number[] {
  const ids = new Set<number>();
  for (const widget of doc.widgets) {
    if (widget.type === 'nav') ids.add(widget.props.screenId);
    for (const action of widget.actions ?? []) if (action.kind === 'goto') ids.add(action.screenId);
  }
  return [...ids].sort(byNumber);
}

/** The distinct recipes the document downloads. */
export function recipeIdsOf(doc: ScreenDocument): number[] {
  const ids = new Set<number>();
  for (const widget of doc.widgets)
    for (const action of widget.actions ?? []) if (action.kind === 'recipe') ids.add(action.recipeId);
  return [...ids].sort(byNumber);
}

/** The distinct pictures and drawings the document shows: image and svg widgets, the background. */
export function assetIdsOf(doc: ScreenDocument): number[] {
  const ids = new Set<number>();
  if (doc.background.imageAssetId !== undefined) ids.add(doc.background.imageAssetId);
  for (const w of doc.widgets) if (w.type === 'image' || w.type === 'svg') ids.add(w.props.assetId);
  return [...ids].sort(byNumber);
}
