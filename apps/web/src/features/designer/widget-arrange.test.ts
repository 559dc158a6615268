import { describe, expect, it } from 'vitest';
import { emptyScreenDocument, screenDocument, screenWidget, type ScreenWidget } from '@hmi/domain';
import { align, distribute } from './editor-ops.ts';
import { alignChanges, distributeChanges, paintOrder } from './widget-arrange.ts';
import { boundsOf, normalRotation, unionOf, type GeometryChange } from './widget-geometry.ts';

/*
 * Align and distribute work on the upright box a widget covers (a turned widget lines up by
 * what the user sees), move only unlocked widgets, and one widget aligns to the screen.
 */

const box = (id: string, x: number, y: number, w: number, h: number, extra: Partial<ScreenWidget> = {}) =>
  screenWidget.parse({ id, type: 'lamp', x, y, w, h, props: {}, ...extra });
const screen = { width: 1000, height: 600 };
const byId = (changes: GeometryChange[]): Record<string, GeometryChange> =>
  Object.fromEntries(changes.map((c) => [c.id, c]));

describe('geometry', () => {
  it('gives the upright box of a turned widget', () => {
    expect(boundsOf(box('a', 0, 0, 100, 20, { rotation: 90 }))).toEqual({
      left: 40,
      top: -40,
      width: 20,
      height: 100,
    });
    const b = boundsOf(box('a', 0, 0, 100, 100, { rotation: 45 }));
    expect(b.width).toBeCloseTo(141.42, 2);
    expect(b.left).toBeCloseTo(50 - 70.71, 2);
    expect(unionOf([])).toBeUndefined();
    expect(unionOf([b, { left: 200, top: 0, width: 10, height: 10 }])?.width).toBeCloseTo(210 - b.left, 6);
  });

  it('normalises rotations into [0, 360)', () => {
    expect([-90, 360, 725.04, -0.04, Number.NaN].map(normalRotation)).toEqual([270, 0, 5, 0, 0]);
  });
});

describe('align', () => {
  const a = box('a', 10, 10, 100, 50);
  const b = box('b', 200, 100, 50, 20);
  const turned = box('c', 400, 300, 100, 20, { rotation: 90 }); // covers x 440..460, y 260..360

  it('lines the selection up along each edge and centre line of its box', () => {
    const sel = [a, b, turned];
    expect(byId(alignChanges(sel, 'left', screen))).toEqual({
      b: { id: 'b', x: 10, y: 100 },
      c: { id: 'c', x: 400 - 430, y: 300 },
    });
    expect(byId(alignChanges(sel, 'right', screen))).toEqual({
      a: { id: 'a', x: 360, y: 10 },
      b: { id: 'b', x: 410, y: 100 },
    });
    // Box x 10..460: centre 235.
    expect(byId(alignChanges(sel, 'center', screen))).toMatchObject({
      a: { x: 185 },
      b: { x: 210 },
      c: { x: 400 - 215 },
    });
    expect(byId(alignChanges(sel, 'top', screen))).toMatchObject({ b: { y: 10 }, c: { y: 300 - 250 } });
    expect(byId(alignChanges(sel, 'bottom', screen))).toMatchObject({ a: { y: 310 }, b: { y: 340 } });
    // Box y 10..360: middle 185.
    expect(byId(alignChanges(sel, 'middle', screen))).toMatchObject({
      a: { y: 160 },
      b: { y: 175 },
      c: { y: 300 - 125 },
    });
  });

  it('aligns one widget to the screen and never moves a locked one (which still anchors)', () => {
    expect(alignChanges([b], 'right', screen)).toEqual([{ id: 'b', x: 950, y: 100 }]);
    expect(alignChanges([b], 'middle', screen)).toEqual([{ id: 'b', x: 200, y: 290 }]);
    const locked = box('l', 500, 0, 10, 10, { locked: true });
    expect(alignChanges([a, locked], 'right', screen)).toEqual([{ id: 'a', x: 410, y: 10 }]);
  });

  it('keeps the document valid and leaves an aligned selection as it is', () => {
    const doc = screenDocument.parse({ ...emptyScreenDocument(), widgets: [a, b, turned] });
    const next = align(doc, ['a', 'b', 'c'], 'left');
    expect(screenDocument.safeParse(next).success).toBe(true);
    expect(align(next, ['a', 'b', 'c'], 'left')).toBe(next);
  });
});

describe('distribute', () => {
  it('makes the gaps between boxes equal, keeping the first and the last', () => {
    const sel = [
      box('a', 0, 0, 10, 10),
      box('c', 100, 0, 30, 10),
      box('b', 20, 50, 20, 10),
      box('d', 200, 0, 10, 10),
    ];
    // Span 0..210, widths 70: three gaps of 140/3.
    const changes = byId(distributeChanges(sel, 'horizontal'));
    expect(Object.keys(changes).sort()).toEqual(['b', 'c']);
    expect(changes.b!).toMatchObject({ y: 50 });
    expect(changes.b!.x).toBeCloseTo(10 + 140 / 3, 6);
    expect(changes.c!.x).toBeCloseTo(10 + 20 + (2 * 140) / 3, 6);
  });

  it('distributes vertically by the turned boxes and needs three unlocked widgets', () => {
    const sel = [
      box('a', 0, 0, 10, 10),
      box('b', 0, 120, 100, 10, { rotation: 90 }),
      box('c', 0, 200, 10, 10),
    ];
    // b covers y 75..175 (height 100); span 0..210, heights 120: gaps of 45, so b's box starts at 55.
    expect(distributeChanges(sel, 'vertical')).toEqual([{ id: 'b', x: 0, y: 100 }]);
    expect(distributeChanges(sel.slice(0, 2), 'vertical')).toEqual([]);
    expect(
      distributeChanges([...sel.slice(0, 2), box('c', 0, 200, 10, 10, { locked: true })], 'vertical'),
    ).toEqual([]);
    const doc = screenDocument.parse({ ...emptyScreenDocument(), widgets: sel });
    expect(screenDocument.safeParse(distribute(doc, ['a', 'b', 'c'], 'vertical')).success).toBe(true);
  });
});

describe('paint order', () => {
  it('draws by z, equal z in array order', () => {
    const ws = [
      box('a', 0, 0, 1, 1, { z: 2 }),
      box('b', 0, 0, 1, 1, { z: 1 }),
      box('c', 0, 0, 1, 1, { z: 1 }),
    ];
    expect(paintOrder(ws)).toEqual([1, 2, 0]);
  });
});
