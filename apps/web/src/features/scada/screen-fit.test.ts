import { describe, expect, it } from 'vitest';
import { effectiveScale, PHONE_MAX_WIDTH, screenFit } from './screen-fit.ts';
import { inDrawingOrder, widgetBoxStyle } from './widget-box.ts';

const hd = { width: 1920, height: 1080 };

describe('screenFit', () => {
  it('fits uniformly, letterboxed and centred', () => {
    expect(screenFit('fit', hd, { width: 960, height: 1000 })).toEqual({
      mode: 'fit',
      scaleX: 0.5,
      scaleY: 0.5,
      left: 0,
      top: 230,
      width: 960,
      height: 540,
    });
    // Too tall a screen for the space: bars left and right.
    const tall = screenFit('fit', { width: 1000, height: 2000 }, { width: 1440, height: 800 });
    expect(tall).toMatchObject({ scaleX: 0.4, scaleY: 0.4, left: 520, top: 0, width: 400, height: 800 });
  });

  it('stretches on each axis to fill', () => {
    expect(screenFit('fill', hd, { width: 1440, height: 900 })).toEqual({
      mode: 'fill',
      scaleX: 0.75,
      scaleY: 900 / 1080,
      left: 0,
      top: 0,
      width: 1440,
      height: 900,
    });
  });

  it('shows fixed screens 1:1, centred when smaller, from the corner (scrolling) when larger', () => {
    expect(screenFit('fixed', { width: 800, height: 600 }, { width: 1000, height: 700 })).toMatchObject({
      scaleX: 1,
      left: 100,
      top: 50,
      width: 800,
      height: 600,
    });
    expect(screenFit('fixed', hd, { width: 1440, height: 900 })).toMatchObject({
      scaleX: 1,
      scaleY: 1,
      left: 0,
      top: 0,
      width: 1920,
      height: 1080,
    });
  });

  it('shows every screen fit on a 375 px phone: the whole design, in proportion', () => {
    for (const scale of ['fit', 'fill', 'fixed'] as const) {
      const f = screenFit(scale, hd, { width: 375, height: 600 });
      expect(f.mode).toBe('fit');
      expect(f.scaleX).toBeCloseTo(375 / 1920, 10);
      expect(f.scaleY).toBe(f.scaleX);
      expect(f.width).toBeCloseTo(375, 10);
      expect(f.height).toBeCloseTo(210.9375, 10);
      expect(f.top).toBeCloseTo((600 - 210.9375) / 2, 10);
    }
    expect(effectiveScale('fixed', PHONE_MAX_WIDTH)).toBe('fixed');
    expect(effectiveScale('fixed', PHONE_MAX_WIDTH - 1)).toBe('fit');
    // Not measured yet: the screen's own scale.
    expect(effectiveScale('fill', 0)).toBe('fill');
  });

  it('draws nothing in a space of no size', () => {
    expect(screenFit('fit', hd, { width: 0, height: 0 })).toMatchObject({ scaleX: 0, width: 0, height: 0 });
  });
});

describe('widget boxes', () => {
  it('places a box at x, y with w x h, turned about its centre', () => {
    expect(widgetBoxStyle({ x: 10, y: 20, w: 100, h: 40, rotation: 0 })).toEqual({
      position: 'absolute',
      left: 10,
      top: 20,
      width: 100,
      height: 40,
    });
    expect(widgetBoxStyle({ x: -5, y: 0, w: 1, h: 1, rotation: -90 })).toMatchObject({
      transform: 'rotate(-90deg)',
      transformOrigin: '50% 50%',
    });
  });

  it('draws by z, equal z in document order', () => {
    const ws = [
      { id: 'a', z: 2 },
      { id: 'b', z: -1 },
      { id: 'c', z: 2 },
      { id: 'd', z: 0 },
    ];
    expect(inDrawingOrder(ws).map((w) => w.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
