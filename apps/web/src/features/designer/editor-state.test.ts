import { describe, expect, it } from 'vitest';
import {
  emptyScreenDocument,
  screenDocument,
  screenWidgetTypes,
  type ScreenDocument,
  type ScreenWidget,
} from '@hmi/domain';
import {
  HISTORY_LIMIT,
  PASTE_OFFSET,
  canRedo,
  canUndo,
  editorReducer,
  initEditor,
  isDirty,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import { typeNeeds } from './widget-factory.ts';

/*
 * The designer's editor state: every step keeps a document that parses, undo and redo walk the
 * steps (one per completed drag), copy and paste make new ids, and a refused step changes nothing.
 */

const run = (s: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, s);
const valid = (doc: ScreenDocument) => {
  const r = screenDocument.safeParse(doc);
  expect(r.success ? [] : r.error.issues).toEqual([]);
  expect(r.data).toEqual(doc);
};
const widget = (s: EditorState, id: string) => s.doc.widgets.find((w) => w.id === id)!;
const refs = { assetId: 5, screenId: 9 };
const add = (type: ScreenWidget['type'], x = 500, y = 300): EditorAction => ({
  type: 'add',
  widgetType: type,
  at: { x, y },
  refs,
  caption: 'Caption',
});

/** An editor with lamps `lamp-1..n` of 48 x 48 centred at (100 i, 100). */
function withLamps(n: number): EditorState {
  let s = initEditor(emptyScreenDocument());
  for (let i = 1; i <= n; i++) s = run(s, add('lamp', 100 * i, 100));
  return s;
}

describe('editor state', () => {
  it('adds every widget type with a unique id, keeping the document valid and selecting it', () => {
    let s = initEditor(emptyScreenDocument());
    for (const type of [...screenWidgetTypes, ...screenWidgetTypes]) {
      s = run(s, add(type));
      expect(s.refused).toBeNull();
      valid(s.doc);
      expect(s.selection).toEqual([s.doc.widgets.at(-1)!.id]);
    }
    const ids = s.doc.widgets.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 2)).toEqual(['text-1', 'label-1']);
    expect(ids).toContain('numeric-input-2');
    const label = s.doc.widgets.find((w) => w.type === 'label')!;
    expect(label.props).toMatchObject({ text: 'Caption' });
    const lamp = s.doc.widgets.find((w) => w.type === 'lamp')!;
    expect({ x: lamp.x, y: lamp.y, w: lamp.w, h: lamp.h }).toEqual({ x: 476, y: 276, w: 48, h: 48 });
    // Each new widget is in front of the ones before it.
    expect(s.doc.widgets.map((w) => w.z)).toEqual(s.doc.widgets.map((_, i) => i));
    expect(typeNeeds('image')).toBe('assetId');
  });

  it('makes one undo step of a multi-widget drag and walks back and forth', () => {
    const start = withLamps(3);
    const moved = run(start, {
      type: 'geometry',
      changes: [
        { id: 'lamp-1', x: 10.4, y: 20.6 },
        { id: 'lamp-2', x: 30, y: 40, rotation: -90 },
      ],
    });
    expect(moved.past).toHaveLength(start.past.length + 1);
    expect(widget(moved, 'lamp-1')).toMatchObject({ x: 10, y: 21 });
    expect(widget(moved, 'lamp-2')).toMatchObject({ x: 30, y: 40, rotation: 270 });
    // Widgets the step did not touch keep their identity (their boxes do not re-render).
    expect(widget(moved, 'lamp-3')).toBe(widget(start, 'lamp-3'));
    const undone = run(moved, { type: 'undo' });
    expect(undone.doc).toBe(start.doc);
    expect(canRedo(undone)).toBe(true);
    expect(run(undone, { type: 'redo' }).doc).toBe(moved.doc);
    // A new step after an undo drops the redo list.
    const branched = run(undone, { type: 'nudge', dx: 1, dy: 0 });
    expect(canRedo(branched)).toBe(false);
  });

  it('keeps at most HISTORY_LIMIT undo steps and is dirty until back at the loaded document', () => {
    let s = run(withLamps(1), { type: 'select', ids: ['lamp-1'] });
    const loaded = initEditor(s.doc);
    s = loaded;
    expect(isDirty(s)).toBe(false);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      s = run(s, { type: 'select', ids: ['lamp-1'] }, { type: 'nudge', dx: 1, dy: 0 });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    expect(isDirty(s)).toBe(true);
    expect(widget(s, 'lamp-1').x).toBe(widget(loaded, 'lamp-1').x + HISTORY_LIMIT + 20);
    while (canUndo(s)) s = run(s, { type: 'undo' });
    expect(widget(s, 'lamp-1').x).toBe(widget(loaded, 'lamp-1').x + 20);
    const one = run(
      loaded,
      { type: 'select', ids: ['lamp-1'] },
      { type: 'nudge', dx: 10, dy: -10 },
      { type: 'undo' },
    );
    expect(isDirty(one)).toBe(false);
    expect(isDirty(run(one, { type: 'redo' }, { type: 'saved', doc: run(one, { type: 'redo' }).doc }))).toBe(
      false,
    );
  });

  it('nudges only unlocked selected widgets and keeps positions inside the document bounds', () => {
    let s = run(
      withLamps(2),
      { type: 'select', ids: ['lamp-1', 'lamp-2'] },
      { type: 'lock', locked: true, ids: ['lamp-2'] },
    );
    expect(widget(s, 'lamp-2').locked).toBe(true);
    s = run(s, { type: 'nudge', dx: -10, dy: 10 });
    expect(widget(s, 'lamp-1')).toMatchObject({ x: 66, y: 86 });
    expect(widget(s, 'lamp-2')).toMatchObject({ x: 176, y: 76 });
    s = run(s, { type: 'geometry', changes: [{ id: 'lamp-1', x: -1e9, w: 0, h: 1e9 }] });
    expect(widget(s, 'lamp-1')).toMatchObject({ x: -10_000, w: 1, h: 20_000 });
    valid(s.doc);
    s = run(s, { type: 'lock', locked: false });
    expect('locked' in widget(s, 'lamp-2')).toBe(false);
    valid(s.doc);
  });

  it('copies and pastes with new ids, each paste further offset, in front, unlocked', () => {
    let s = run(withLamps(2), { type: 'select', ids: ['lamp-1', 'lamp-2'] }, { type: 'lock', locked: true });
    s = run(s, { type: 'copy' }, { type: 'paste' });
    expect(s.selection).toEqual(['lamp-3', 'lamp-4']);
    expect(widget(s, 'lamp-3')).toMatchObject({ x: 76 + PASTE_OFFSET, y: 76 + PASTE_OFFSET, z: 2 });
    expect(widget(s, 'lamp-4')).toMatchObject({ x: 176 + PASTE_OFFSET, z: 3 });
    expect(widget(s, 'lamp-3').locked).toBeUndefined();
    s = run(s, { type: 'paste' });
    expect(s.selection).toEqual(['lamp-5', 'lamp-6']);
    expect(widget(s, 'lamp-5').x).toBe(76 + 2 * PASTE_OFFSET);
    valid(s.doc);
    // Cut removes and keeps for a paste; one undo brings the cut widgets back.
    const cut = run(s, { type: 'select', ids: ['lamp-1'] }, { type: 'cut' });
    expect(cut.doc.widgets.map((w) => w.id)).not.toContain('lamp-1');
    expect(run(cut, { type: 'paste' }).selection).toEqual(['lamp-1']);
    expect(run(cut, { type: 'undo' }).doc).toBe(s.doc);
  });

  it('deletes the selection and clears it', () => {
    const s = run(withLamps(3), { type: 'select', ids: ['lamp-1', 'lamp-3'] }, { type: 'delete' });
    expect(s.doc.widgets.map((w) => w.id)).toEqual(['lamp-2']);
    expect(s.selection).toEqual([]);
    valid(s.doc);
  });

  it('moves the selection in the stacking order', () => {
    const order = (s: EditorState) =>
      [...s.doc.widgets].sort((a, b) => a.z - b.z).map((w) => w.id.replace('lamp-', ''));
    const s = run(withLamps(4), { type: 'select', ids: ['lamp-1', 'lamp-2'] });
    expect(order(run(s, { type: 'order', how: 'forward' }))).toEqual(['3', '1', '2', '4']);
    expect(order(run(s, { type: 'order', how: 'front' }))).toEqual(['3', '4', '1', '2']);
    const top = run(s, { type: 'select', ids: ['lamp-4'] });
    expect(order(run(top, { type: 'order', how: 'backward' }))).toEqual(['1', '2', '4', '3']);
    expect(order(run(top, { type: 'order', how: 'back' }))).toEqual(['4', '1', '2', '3']);
    // Already at the front: nothing changes, no step.
    expect(run(top, { type: 'order', how: 'front' })).toBe(top);
    valid(run(s, { type: 'order', how: 'front' }).doc);
  });

  it('refuses props the schema refuses, keeping the document and the history', () => {
    let s = run(initEditor(emptyScreenDocument()), add('bar'));
    const before = s;
    s = run(s, { type: 'props', id: 'bar-1', props: { min: 10, max: 5, color: '#FF0000' } });
    expect(s.doc).toBe(before.doc);
    expect(s.refused).toMatchObject({ reason: 'invalid' });
    expect(s.refused!.issues.join()).toMatch(/min < max/);
    s = run(s, { type: 'props', id: 'bar-1', props: { min: 0, max: 500 } });
    expect(widget(s, 'bar-1').props).toEqual({ min: 0, max: 500, color: '#3B82F6' });
    expect(s.refused).toBeNull();
    valid(s.doc);
  });

  it('sets and clears binding, actions and zone', () => {
    let s = run(initEditor(emptyScreenDocument()), add('numeric'), add('button'));
    s = run(s, {
      type: 'binding',
      id: 'numeric-1',
      binding: { deviceId: 3, tagId: 7, transform: { decimals: 2 } },
    });
    expect(widget(s, 'numeric-1').binding).toEqual({ deviceId: 3, tagId: 7, transform: { decimals: 2 } });
    s = run(s, {
      type: 'actions',
      id: 'button-1',
      actions: [
        { kind: 'set', binding: { deviceId: 3, tagId: 8 }, value: 1 },
        { kind: 'goto', screenId: 4 },
      ],
    });
    s = run(s, { type: 'zone', id: 'button-1', zoneId: 2 });
    expect(widget(s, 'button-1')).toMatchObject({ zoneId: 2, actions: [{ kind: 'set' }, { kind: 'goto' }] });
    valid(s.doc);
    s = run(
      s,
      { type: 'binding', id: 'numeric-1', binding: null },
      { type: 'actions', id: 'button-1', actions: [] },
      { type: 'zone', id: 'button-1', zoneId: null },
    );
    for (const key of ['binding', 'actions', 'zoneId']) {
      expect(key in widget(s, 'numeric-1')).toBe(false);
      expect(key in widget(s, 'button-1')).toBe(false);
    }
    valid(s.doc);
    expect(
      run(s, { type: 'binding', id: 'numeric-1', binding: { deviceId: 0, tagId: 1 } }).refused,
    ).not.toBeNull();
  });

  it('makes one undo step of successive changes with the same merge key (typing in one field)', () => {
    const start = run(initEditor(emptyScreenDocument()), add('label'));
    const props = (text: string) => ({ text, fontSize: 16, color: '#000000', align: 'left' });
    let s = start;
    for (const text of ['H', 'He', 'Hey'])
      s = run(s, { type: 'props', id: 'label-1', props: props(text), merge: 'label-1:text' });
    expect(s.past).toHaveLength(start.past.length + 1);
    expect(run(s, { type: 'undo' }).doc).toBe(start.doc);
    // Another field, or the same one after something else, is a step of its own.
    s = run(s, {
      type: 'props',
      id: 'label-1',
      props: { ...props('Hey'), fontSize: 20 },
      merge: 'label-1:fontSize',
    });
    expect(s.past).toHaveLength(start.past.length + 2);
    s = run(
      s,
      { type: 'undo' },
      { type: 'props', id: 'label-1', props: props('Hey!'), merge: 'label-1:text' },
    );
    expect(s.past).toHaveLength(start.past.length + 2);
  });

  it('changes the screen settings within their bounds', () => {
    const s = initEditor(emptyScreenDocument());
    const next = run(s, { type: 'screen', patch: { size: { width: 1280, height: 800 }, scale: 'fixed' } });
    expect(next.doc).toMatchObject({ size: { width: 1280, height: 800 }, scale: 'fixed' });
    valid(next.doc);
    const refused = run(s, { type: 'screen', patch: { size: { width: 50, height: 800 } } });
    expect(refused.doc).toBe(s.doc);
    expect(refused.refused?.reason).toBe('invalid');
  });

  it('refuses an undoable step that would break the document (an svg mark left without a binding)', () => {
    let s = run(initEditor(emptyScreenDocument()), add('svg'));
    s = run(s, { type: 'binding', id: 'svg-1', binding: { deviceId: 1, tagId: 1 } });
    s = run(s, {
      type: 'props',
      id: 'svg-1',
      props: { assetId: 5, marks: [{ selector: 'valve', attribute: 'text' }] },
    });
    valid(s.doc);
    const refused = run(s, { type: 'binding', id: 'svg-1', binding: null });
    expect(refused.doc).toBe(s.doc);
    expect(refused.refused?.issues.join()).toMatch(/svg mark "valve" has no binding/);
  });

  it('keeps a reload from dropping the clipboard', () => {
    const s = run(withLamps(1), { type: 'select', ids: ['lamp-1'] }, { type: 'copy' });
    const reloaded = run(s, { type: 'load', doc: emptyScreenDocument() });
    expect(reloaded.past).toEqual([]);
    expect(run(reloaded, { type: 'paste' }).doc.widgets.map((w) => w.id)).toEqual(['lamp-1']);
  });
});
