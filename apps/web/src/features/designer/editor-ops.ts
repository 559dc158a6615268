import {
  ScreenLimits,
  screenBackground,
  screenScale,
  screenSize,
  screenWidget,
  type ScreenAction,
  type ScreenBinding,
  type ScreenDocument,
  type ScreenWidget,
  type ScreenWidgetType,
} from '@hmi/domain';
import {
  alignChanges,
  distributeChanges,
  reorderZ,
  type AlignEdge,
  type DistributeAxis,
  type ZOrderMove,
} from './widget-arrange.ts';
import { freeWidgetId, newWidget, pastedCopies, type WidgetRefs } from './widget-factory.ts';
import { withGeometry, type GeometryChange } from './widget-geometry.ts';

/*
 * The designer's operations on a screen document: pure functions from a document to the next.
 * Only the widgets an operation changes become new objects; the others keep their identity, so
 * the canvas re-renders just those (its boxes are memoised by widget). None of them checks the
 * whole document: the editor state (editor-state.ts) does, once per step, and refuses a step
 * that would not parse.
 */

const withWidgets = (doc: ScreenDocument, widgets: ScreenWidget[]): ScreenDocument =>
  widgets.every((w, i) => w === doc.widgets[i]) && widgets.length === doc.widgets.length
    ? doc
    : { ...doc, widgets };

const idSet = (ids: Iterable<string>) => new Set(ids);

/** The widgets of `ids`, in document order. */
export const widgetsOf = (doc: ScreenDocument, ids: Iterable<string>): ScreenWidget[] => {
  const set = idSet(ids);
  return doc.widgets.filter((w) => set.has(w.id));
};

/** The z just in front of every widget. */
export const frontZ = (doc: ScreenDocument): number =>
  Math.min(
    ScreenLimits.zMax,
    doc.widgets.reduce((m, w) => Math.max(m, w.z + 1), 0),
  );

/** Adds a new widget centred on `at`; answers the document and the new widget's id. */
export function addWidget(
  doc: ScreenDocument,
  type: ScreenWidgetType,
  at: { x: number; y: number },
  refs: WidgetRefs = {},
  caption = '',
): { doc: ScreenDocument; id: string } {
  const id = freeWidgetId(type, idSet(doc.widgets.map((w) => w.id)));
  const widget = newWidget(type, at, id, frontZ(doc), refs, caption);
  return { doc: { ...doc, widgets: [...doc.widgets, widget] }, id };
}

/** Moves, resizes or turns widgets (a drag's end, the property panel's geometry fields). */
export function applyGeometry(doc: ScreenDocument, changes: readonly GeometryChange[]): ScreenDocument {
  if (changes.length === 0) return doc;
  const byId = new Map(changes.map((c) => [c.id, c]));
  return withWidgets(
    doc,
    doc.widgets.map((w) => {
      const c = byId.get(w.id);
      return c ? withGeometry(w, c) : w;
    }),
  );
}

/** Moves the unlocked widgets of `ids` by (dx, dy) px (arrow keys). */
export function nudge(doc: ScreenDocument, ids: Iterable<string>, dx: number, dy: number): ScreenDocument {
  return applyGeometry(
    doc,
    widgetsOf(doc, ids)
      .filter((w) => !w.locked)
      .map((w) => ({ id: w.id, x: w.x + dx, y: w.y + dy })),
  );
}

export function deleteWidgets(doc: ScreenDocument, ids: Iterable<string>): ScreenDocument {
  const set = idSet(ids);
  return withWidgets(
    doc,
    doc.widgets.filter((w) => !set.has(w.id)),
  );
}

/**
 * Pastes copies of `clipboard` moved by `offset` px, with new ids, in front of every widget;
 * answers the document and the copies' ids. Refused (null) when they would pass the widget limit.
 */
export function pasteWidgets(
  doc: ScreenDocument,
  clipboard: readonly ScreenWidget[],
  offset: number,
): { doc: ScreenDocument; ids: string[] } | null {
  if (clipboard.length === 0) return { doc, ids: [] };
  if (doc.widgets.length + clipboard.length > ScreenLimits.widgetsMax) return null;
  const copies = pastedCopies(clipboard, idSet(doc.widgets.map((w) => w.id)), offset, frontZ(doc));
  return { doc: { ...doc, widgets: [...doc.widgets, ...copies] }, ids: copies.map((w) => w.id) };
}

export const reorder = (doc: ScreenDocument, ids: Iterable<string>, how: ZOrderMove): ScreenDocument =>
  withWidgets(doc, reorderZ(doc.widgets, idSet(ids), how));

export const align = (doc: ScreenDocument, ids: Iterable<string>, edge: AlignEdge): ScreenDocument =>
  applyGeometry(doc, alignChanges(widgetsOf(doc, ids), edge, doc.size));

export const distribute = (
  doc: ScreenDocument,
  ids: Iterable<string>,
  axis: DistributeAxis,
): ScreenDocument => applyGeometry(doc, distributeChanges(widgetsOf(doc, ids), axis));

/** Locks (or unlocks) the widgets of `ids`; an unlocked widget carries no `locked` key. */
export function setLocked(doc: ScreenDocument, ids: Iterable<string>, locked: boolean): ScreenDocument {
  const set = idSet(ids);
  return withWidgets(
    doc,
    doc.widgets.map((w) => {
      if (!set.has(w.id) || Boolean(w.locked) === locked) return w;
      if (locked) return { ...w, locked: true };
      const { locked: _drop, ...rest } = w;
      return rest as ScreenWidget;
    }),
  );
}

/** What the property panel changes of one widget besides its geometry. */
export interface WidgetPatch {
  props?: unknown;
  /** null: unbound. */
  binding?: ScreenBinding | null;
  /** An empty list drops the key. */
  actions?: readonly ScreenAction[];
  /** null: no zone needed. */
  zoneId?: number | null;
}

function patched(w: ScreenWidget, patch: WidgetPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...w };
  if ('props' in patch) next.props = patch.props;
  if ('binding' in patch) {
    if (patch.binding) next.binding = patch.binding;
    else delete next.binding;
  }
  if ('actions' in patch) {
    if (patch.actions && patch.actions.length > 0) next.actions = [...patch.actions];
    else delete next.actions;
  }
  if ('zoneId' in patch) {
    if (patch.zoneId === null || patch.zoneId === undefined) delete next.zoneId;
    else next.zoneId = patch.zoneId;
  }
  return next;
}

/**
 * Sets props, binding, actions or zone of one widget. The widget is parsed by the schema (its
 * props' defaults filled); a widget that does not parse answers its issues instead.
 */
export function patchWidget(
  doc: ScreenDocument,
  id: string,
  patch: WidgetPatch,
): { doc: ScreenDocument } | { issues: string[] } {
  const index = doc.widgets.findIndex((w) => w.id === id);
  if (index < 0) return { doc };
  const parsed = screenWidget.safeParse(patched(doc.widgets[index]!, patch));
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => i.message) };
  const widgets = [...doc.widgets];
  widgets[index] = parsed.data;
  return { doc: { ...doc, widgets } };
}

/** What the property panel changes of the screen itself (nothing selected). */
export interface ScreenPatch {
  size?: ScreenDocument['size'];
  scale?: ScreenDocument['scale'];
  background?: ScreenDocument['background'];
}

/** Sets the screen's size, scale mode or background; answers issues for a value the schema refuses. */
export function patchScreen(
  doc: ScreenDocument,
  patch: ScreenPatch,
): { doc: ScreenDocument } | { issues: string[] } {
  const size = patch.size ? screenSize.safeParse(patch.size) : undefined;
  const scale = patch.scale ? screenScale.safeParse(patch.scale) : undefined;
  const background = patch.background ? screenBackground.safeParse(patch.background) : undefined;
  const issues = [size, scale, background].flatMap((r) =>
    r && !r.success ? r.error.issues.map((i) => i.message) : [],
  );
  if (issues.length > 0) return { issues };
  return {
    doc: {
      ...doc,
      ...(size?.data ? { size: size.data } : {}),
      ...(scale?.data ? { scale: scale.data } : {}),
      ...(background?.data ? { background: background.data } : {}),
    },
  };
}
