import { describe, expect, it } from 'vitest';
import { DragSnap } from './drag-snap.ts';

/* Drag snapping from the document's geometry: lines of other widgets, the screen, the grid. */

const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });
const screen = { width: 1920, height: 1080 };

describe('DragSnap', () => {
  const moving = rect(100, 100, 120, 60);
  const b = rect(800, 400, 120, 60);

  it('puts an edge on another widget’s edge within the threshold, with a guide spanning both', () => {
    const s = new DragSnap(moving, [b], screen, 0, 5);
    // Left to 802: 2 px off b's left (800).
    const r = s.snap(702, 150);
    expect(r.tx).toBe(700);
    expect(r.ty).toBe(150);
    const vertical = r.guides.filter((g) => g.axis === 'x').map((g) => g.pos);
    // Left, centre and right all stand on b's (same width).
    expect(vertical.sort((x, y) => x - y)).toEqual([800, 860, 920]);
    const left = r.guides.find((g) => g.axis === 'x' && g.pos === 800)!;
    expect([left.from, left.to]).toEqual([250, 460]);
  });

  it('snaps a centre to another widget’s centre, and to the screen’s centre line', () => {
    const d = rect(1400, 100, 200, 60);
    const s = new DragSnap(moving, [d], screen, 0, 5);
    // moving centre 160 + 1342 = 1502: 2 px right of d's centre 1500.
    expect(s.snap(1342, 300).tx).toBe(1340);
    // Its centre to 962: the screen's centre is 960.
    expect(s.snap(802, 300).tx).toBe(800);
  });

  it('leaves a move alone outside the threshold, and then shows no guide', () => {
    const s = new DragSnap(moving, [b], screen, 0, 5);
    const r = s.snap(690, 137);
    expect([r.tx, r.ty]).toEqual([690, 137]);
    expect(r.guides).toEqual([]);
  });

  it('snaps edges to the grid when no widget line is nearer; a widget line wins a tie', () => {
    const grid = new DragSnap(rect(100, 100, 120, 60), [], screen, 10, 5);
    // 100 + 3.4 = 103.4 -> 100 (left on the grid); 100 + 57 = 157 -> 160.
    const r = grid.snap(3.4, 57);
    expect([r.tx, r.ty]).toEqual([0, 60]);
    expect(r.guides).toEqual([]);
    const tie = new DragSnap(rect(100, 100, 120, 60), [rect(500, 900, 40, 10)], screen, 10, 5);
    // Left at 504: the grid (500) and the other widget's left (500) agree; a guide shows.
    expect(tie.snap(404, 500).guides.some((g) => g.axis === 'x' && g.pos === 500)).toBe(true);
  });
});
