import { describe, expect, it } from 'vitest';
import { ErrorCode, screenWidget, type ScreenWidget } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import { actionsToForm, checkActions } from './actions-form.ts';
import { commandOf } from './designer-keys.ts';
import { DragFrames } from './drag-frames.ts';
import { checkProps, formToProps, issueKey, propsToForm, writeValueOf } from './props-form.ts';
import { conflictVersionOf } from './save-outcome.ts';
import { transformOf } from './BindingSection.tsx';
import { fitZoom, zoomStep } from './zoom.ts';

/*
 * The designer's small rules: a gesture's frames become one geometry step and give each box its
 * style back, the keyboard table, a save's version conflict, and the panel's forms (write values
 * typed as text, optional numbers, schema issues under their fields).
 */

const lamp = (id: string, extra: Partial<ScreenWidget> = {}) =>
  screenWidget.parse({ id, type: 'lamp', x: 100, y: 50, w: 40, h: 20, props: {}, ...extra });

function box(id: string, style = 'left: 100px; top: 50px; width: 40px; height: 20px;'): HTMLElement {
  const el = document.createElement('div');
  el.dataset.widgetId = id;
  el.style.cssText = style;
  return el;
}

describe('drag frames', () => {
  it('turns a gesture into one geometry change per moved box and restores each box', () => {
    const widgets = new Map([
      ['a', lamp('a')],
      ['b', lamp('b', { rotation: 90 })],
      ['c', lamp('c')],
    ]);
    const frames = new DragFrames((id) => widgets.get(id));
    const [a, b, c] = [box('a'), box('b', 'left: 100px; transform: rotate(90deg);'), box('c')];
    const startA = a.style.cssText;
    const startB = b.style.cssText;
    frames.start(a);
    frames.start(b);
    frames.start(c);
    frames.update(a, { tx: 15, ty: -5 });
    expect(a.style.transform).toBe('translate(15px, -5px) rotate(0deg)');
    frames.update(a, { tx: 30, ty: -10 });
    frames.update(b, { w: 60, h: 30, tx: -10, ty: -5, rotation: 135 });
    expect(frames.active).toBe(true);
    expect(frames.end()).toEqual([
      { id: 'a', x: 130, y: 40, w: 40, h: 20, rotation: 0 },
      { id: 'b', x: 90, y: 45, w: 60, h: 30, rotation: 135 },
    ]);
    expect(a.style.cssText).toBe(startA);
    expect(b.style.cssText).toBe(startB);
    expect(frames.active).toBe(false);
    // An element that is not a widget's box takes no part.
    expect(frames.start(document.createElement('div'))).toBeUndefined();
    expect(frames.end()).toEqual([]);
  });
});

describe('keyboard', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  ) => commandOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('maps the designer keys to commands', () => {
    expect(key('Delete')).toEqual({ type: 'delete' });
    expect(key('Backspace')).toEqual({ type: 'delete' });
    expect(key('c', { ctrlKey: true })).toEqual({ type: 'copy' });
    expect(key('V', { metaKey: true })).toEqual({ type: 'paste' });
    expect(key('z', { ctrlKey: true })).toEqual({ type: 'undo' });
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toEqual({ type: 'redo' });
    expect(key('y', { ctrlKey: true })).toEqual({ type: 'redo' });
    expect(key('s', { ctrlKey: true })).toEqual({ type: 'save' });
    expect(key('ArrowLeft')).toEqual({ type: 'nudge', dx: -1, dy: 0 });
    expect(key('ArrowDown', { shiftKey: true })).toEqual({ type: 'nudge', dx: 0, dy: 10 });
    expect(key('a')).toBeUndefined();
    expect(key('ArrowUp', { altKey: true })).toBeUndefined();
  });
});

describe('save outcome', () => {
  const conflict = new ApiError(
    ErrorCode.E1006_BAD_PARAMETER,
    'bad',
    {
      fields: [{ path: 'version', message: 'validation.screen.versionConflict', params: { version: 7 } }],
    },
    false,
  );
  it('tells a version conflict (with the stored version) from other failures', () => {
    expect(conflictVersionOf(conflict)).toBe(7);
    const invalid = new ApiError(
      ErrorCode.E1006_BAD_PARAMETER,
      'bad',
      {
        fields: [{ path: 'document', message: 'validation.screen.document' }],
      },
      false,
    );
    expect(conflictVersionOf(invalid)).toBeUndefined();
    expect(conflictVersionOf(new ApiError(1089, 'x', null, false))).toBeUndefined();
    expect(conflictVersionOf(new Error('network'))).toBeUndefined();
  });
});

describe('property forms', () => {
  it('types write values: numbers as numbers, anything else as text', () => {
    expect(['1', '-2.5', ' 3 ', '1e3', 'ON', '', '0x'].map(writeValueOf)).toEqual([
      1,
      -2.5,
      3,
      1000,
      'ON',
      '',
      '0x',
    ]);
  });

  it('checks props by the type schema and puts issues under their fields', () => {
    const describe = (i: Parameters<typeof issueKey>[0]) => issueKey(i)[0];
    expect(checkProps('bar', { min: 5, max: 1, color: '#112233' }, 'min', describe)).toEqual({
      issues: [{ name: ['max'], errors: ['issue.order'] }],
    });
    expect(
      checkProps('trend', { seconds: 600, min: null, max: null, color: '#112233' }, 'min', describe),
    ).toEqual({
      props: { seconds: 600, color: '#112233' },
    });
    expect(checkProps('lamp', { mode: 'ranges', ranges: [], onColor: '#000000' }, 'mode', describe)).toEqual({
      issues: [{ name: ['ranges'], errors: ['issue.rangesNeeded'] }],
    });
    const sw = screenWidget.parse({
      id: 's',
      type: 'switch',
      x: 0,
      y: 0,
      w: 1,
      h: 1,
      props: { onValue: 'ON', offValue: 0 },
    });
    expect(propsToForm(sw)).toEqual({ onValue: 'ON', offValue: '0' });
    expect(formToProps('switch', { onValue: '1', offValue: 'OFF' })).toEqual({ onValue: 1, offValue: 'OFF' });
    expect(checkProps('switch', { onValue: '1', offValue: '1' }, 'onValue', describe)).toEqual({
      issues: [{ name: ['offValue'], errors: ['issue.valuesDiffer'] }],
    });
  });

  it('checks actions row by row, keeping only each kind’s fields', () => {
    const rows = [
      { kind: 'set', binding: { deviceId: 1, tagId: 2 }, value: '5', screenId: 9 },
      { kind: 'goto', screenId: 4, value: '1' },
      { kind: 'momentary', binding: { deviceId: 1, tagId: 3 }, pressValue: '1', releaseValue: '0' },
    ];
    expect(checkActions(rows, (i) => i.code)).toEqual({
      actions: [
        { kind: 'set', binding: { deviceId: 1, tagId: 2 }, value: 5 },
        { kind: 'goto', screenId: 4 },
        { kind: 'momentary', binding: { deviceId: 1, tagId: 3 }, pressValue: 1, releaseValue: 0 },
      ],
    });
    const missing = checkActions([{ kind: 'toggle' }], (i) => i.code);
    expect(missing).toEqual({ issues: [{ name: ['actions', 0, 'binding'], errors: ['invalid_type'] }] });
    expect(actionsToForm([{ kind: 'set', binding: { deviceId: 1, tagId: 2 }, value: 5 }])).toEqual([
      { kind: 'set', binding: { deviceId: 1, tagId: 2 }, value: '5' },
    ]);
  });

  it('leaves out a transform of empty fields and refuses a bad one', () => {
    expect(transformOf({ scale: null, offset: null, decimals: null, format: '' })).toBeUndefined();
    expect(transformOf({ scale: 0.1, offset: null, decimals: 1, format: '{value} °C' })).toEqual({
      scale: 0.1,
      decimals: 1,
      format: '{value} °C',
    });
    expect(transformOf({ decimals: 99 })).toBeNull();
  });
});

describe('zoom', () => {
  it('steps through the zoom levels and fits the screen into a space', () => {
    expect(zoomStep(1, true)).toBe(1.25);
    expect(zoomStep(1, false)).toBe(0.75);
    expect(zoomStep(0.8, false)).toBe(0.75);
    expect(zoomStep(4, true)).toBe(4);
    expect(fitZoom({ width: 1920, height: 1080 }, { width: 1024, height: 864 })).toBeCloseTo(0.5, 6);
    expect(fitZoom({ width: 1920, height: 1080 }, { width: 0, height: 0 })).toBe(1);
    expect(fitZoom({ width: 7680, height: 4320 }, { width: 300, height: 300 })).toBe(0.05);
  });
});
