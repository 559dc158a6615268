import {
  ScreenLimits,
  describeScreenIssue,
  screenDocument,
  type ScreenAction,
  type ScreenBinding,
  type ScreenDocument,
  type ScreenWidget,
  type ScreenWidgetType,
} from '@hmi/domain';
import {
  addWidget,
  align,
  applyGeometry,
  deleteWidgets,
  distribute,
  nudge,
  pasteWidgets,
  patchScreen,
  patchWidget,
  reorder,
  setLocked,
  widgetsOf,
  type ScreenPatch,
  type WidgetPatch,
} from './editor-ops.ts';
import type { AlignEdge, DistributeAxis, ZOrderMove } from './widget-arrange.ts';
import type { WidgetRefs } from './widget-factory.ts';
import type { GeometryChange } from './widget-geometry.ts';

/*
 * The designer's state, without React: the document, the selection, a bounded undo/redo
 * history of whole documents (cheap: a step shares every widget it did not change) and the
 * clipboard. `editorReducer` is the one way to change it. Every step is checked against the
 * screen document schema before it is taken, so the document held here always parses and is
 * what a save sends; a step that would not parse is refused (`refused`) and changes nothing.
 * A drag is one step (the canvas commits at its end, never per mouse move).
 */

/** Undo steps kept. */
export const HISTORY_LIMIT = 100;
/** How far each successive paste of the same clipboard is moved, in px. */
export const PASTE_OFFSET = 20;

export interface Refusal {
  reason: 'invalid' | 'limit';
  /** The schema's issues, for `invalid`. */
  issues: string[];
}

export interface EditorState {
  doc: ScreenDocument;
  /** The document as last loaded or saved: the editor is dirty while `doc` is another one. */
  saved: ScreenDocument;
  selection: readonly string[];
  past: readonly ScreenDocument[];
  future: readonly ScreenDocument[];
  clipboard: readonly ScreenWidget[];
  /** Pastes since the last copy (each lands PASTE_OFFSET further). */
  pastes: number;
  /** The last refused step (a new object each time), cleared by the next step taken. */
  refused: Refusal | null;
  /** The `merge` key of the last step: a next step with the same key joins it (typing in one field). */
  merging: string | null;
}

/**
 * A property panel's change may name a `merge` key (the widget and field): successive changes
 * with the same key make one undo step, so typing a label is one step, not one per key.
 */
interface Mergeable {
  merge?: string;
}

export type EditorAction =
  | { type: 'load'; doc: ScreenDocument }
  | { type: 'saved'; doc: ScreenDocument }
  | { type: 'select'; ids: readonly string[] }
  | {
      type: 'add';
      widgetType: ScreenWidgetType;
      at: { x: number; y: number };
      refs?: WidgetRefs;
      caption?: string;
    }
  | ({ type: 'geometry'; changes: readonly GeometryChange[] } & Mergeable)
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'delete' }
  | { type: 'copy' }
  | { type: 'cut' }
  | { type: 'paste' }
  | { type: 'order'; how: ZOrderMove }
  | { type: 'align'; edge: AlignEdge }
  | { type: 'distribute'; axis: DistributeAxis }
  | { type: 'lock'; locked: boolean; ids?: readonly string[] }
  | ({ type: 'props'; id: string; props: unknown } & Mergeable)
  | ({ type: 'binding'; id: string; binding: ScreenBinding | null } & Mergeable)
  | ({ type: 'actions'; id: string; actions: readonly ScreenAction[] } & Mergeable)
  | { type: 'zone'; id: string; zoneId: number | null }
  | ({ type: 'screen'; patch: ScreenPatch } & Mergeable)
  | { type: 'undo' }
  | { type: 'redo' };

/** A fresh editor on a loaded document (the clipboard survives a reload: copy, reload, paste). */
export function initEditor(doc: ScreenDocument, clipboard: readonly ScreenWidget[] = []): EditorState {
  return {
    doc,
    saved: doc,
    selection: [],
    past: [],
    future: [],
    clipboard,
    pastes: 0,
    refused: null,
    merging: null,
  };
}

export const isDirty = (s: EditorState): boolean => s.doc !== s.saved;
export const canUndo = (s: EditorState): boolean => s.past.length > 0;
export const canRedo = (s: EditorState): boolean => s.future.length > 0;

const refuse = (s: EditorState, refusal: Refusal): EditorState => ({ ...s, refused: refusal });

/** The selection without ids the document no longer has. */
function liveSelection(doc: ScreenDocument, ids: readonly string[]): readonly string[] {
  if (ids.length === 0) return ids;
  const present = new Set(doc.widgets.map((w) => w.id));
  const kept = ids.filter((id) => present.has(id));
  return kept.length === ids.length ? ids : kept;
}

/**
 * Takes one step to `next` (checked), with the selection after it; the same state when nothing
 * changed. A step whose `merge` key is the last step's replaces that step's result instead.
 */
function commit(s: EditorState, next: ScreenDocument, selection = s.selection, merge?: string): EditorState {
  if (next === s.doc) return selection === s.selection ? s : { ...s, selection };
  const check = screenDocument.safeParse(next);
  if (!check.success)
    return refuse(s, { reason: 'invalid', issues: check.error.issues.map(describeScreenIssue) });
  const joins = merge !== undefined && merge === s.merging && s.past.length > 0;
  return {
    ...s,
    doc: next,
    selection: liveSelection(next, selection),
    past: joins ? s.past : [...s.past, s.doc].slice(-HISTORY_LIMIT),
    future: [],
    refused: null,
    merging: merge ?? null,
  };
}

function commitResult(
  s: EditorState,
  r: { doc: ScreenDocument } | { issues: string[] },
  merge?: string,
): EditorState {
  return 'issues' in r
    ? refuse(s, { reason: 'invalid', issues: r.issues })
    : commit(s, r.doc, s.selection, merge);
}

function undo(s: EditorState): EditorState {
  const prev = s.past[s.past.length - 1];
  if (!prev) return s;
  return {
    ...s,
    doc: prev,
    past: s.past.slice(0, -1),
    future: [s.doc, ...s.future],
    selection: liveSelection(prev, s.selection),
    refused: null,
    merging: null,
  };
}

function redo(s: EditorState): EditorState {
  const next = s.future[0];
  if (!next) return s;
  return {
    ...s,
    doc: next,
    past: [...s.past, s.doc].slice(-HISTORY_LIMIT),
    future: s.future.slice(1),
    selection: liveSelection(next, s.selection),
    refused: null,
    merging: null,
  };
}

function add(s: EditorState, a: Extract<EditorAction, { type: 'add' }>): EditorState {
  if (s.doc.widgets.length >= ScreenLimits.widgetsMax) return refuse(s, { reason: 'limit', issues: [] });
  const { doc, id } = addWidget(s.doc, a.widgetType, a.at, a.refs, a.caption);
  return commit(s, doc, [id]);
}

function paste(s: EditorState): EditorState {
  const result = pasteWidgets(s.doc, s.clipboard, PASTE_OFFSET * (s.pastes + 1));
  if (!result) return refuse(s, { reason: 'limit', issues: [] });
  if (result.ids.length === 0) return s;
  const next = commit(s, result.doc, result.ids);
  return next.doc === s.doc ? next : { ...next, pastes: s.pastes + 1 };
}

/** The selected widgets as the clipboard holds them (document order). */
const copied = (s: EditorState): EditorState => {
  const widgets = widgetsOf(s.doc, s.selection);
  return widgets.length === 0 ? s : { ...s, clipboard: widgets, pastes: 0 };
};

function step(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'geometry':
      return commit(s, applyGeometry(s.doc, a.changes), s.selection, a.merge);
    case 'nudge':
      return commit(s, nudge(s.doc, s.selection, a.dx, a.dy));
    case 'delete':
      return commit(s, deleteWidgets(s.doc, s.selection), []);
    case 'order':
      return commit(s, reorder(s.doc, s.selection, a.how));
    case 'align':
      return commit(s, align(s.doc, s.selection, a.edge));
    case 'distribute':
      return commit(s, distribute(s.doc, s.selection, a.axis));
    case 'lock':
      return commit(s, setLocked(s.doc, a.ids ?? s.selection, a.locked));
    case 'props':
      return commitResult(s, patchWidget(s.doc, a.id, { props: a.props }), a.merge);
    case 'binding':
      return commitResult(s, patchWidget(s.doc, a.id, { binding: a.binding }), a.merge);
    case 'actions':
      return commitResult(s, patchWidget(s.doc, a.id, { actions: a.actions }), a.merge);
    case 'zone':
      return commitResult(s, patchWidget(s.doc, a.id, { zoneId: a.zoneId } satisfies WidgetPatch));
    case 'screen':
      return commitResult(s, patchScreen(s.doc, a.patch), a.merge);
    default:
      return s;
  }
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'load':
      return initEditor(a.doc, s.clipboard);
    case 'saved':
      return { ...s, saved: a.doc };
    case 'select':
      return { ...s, selection: liveSelection(s.doc, a.ids), merging: null };
    case 'add':
      return add(s, a);
    case 'copy':
      return copied(s);
    case 'cut': {
      const c = copied(s);
      return c === s ? s : commit(c, deleteWidgets(s.doc, s.selection), []);
    }
    case 'paste':
      return paste(s);
    case 'undo':
      return undo(s);
    case 'redo':
      return redo(s);
    default:
      return step(s, a);
  }
}
