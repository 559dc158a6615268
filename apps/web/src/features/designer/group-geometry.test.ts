import { describe, expect, it } from 'vitest';
import { groupBoxOf, memberBoxIn, placeInGroup, type GroupBox, type GroupFrame } from './group-geometry.ts';

const at = (x: number, y: number, w: number, h: number, rotation = 0) => ({ x, y, w, h, rotation });
/** A frame rounded to a thousandth (float noise of the trigonometry). */
const round = (f: GroupFrame) =>
  Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Math.round(v * 1000) / 1000 + 0]));
/** Where a widget's frame puts its centre. */
const centreOf = (w: ReturnType<typeof at>, f: GroupFrame) => [
  Math.round((w.x + f.tx + f.w / 2) * 1000) / 1000 + 0,
  Math.round((w.y + f.ty + f.h / 2) * 1000) / 1000 + 0,
];

const a = at(100, 100, 120, 60);
const c = at(100, 250, 80, 40);
const upright: GroupBox = { cx: 160, cy: 195, w: 120, h: 190, rotation: 0 };

describe('group box', () => {
  it('holds upright widgets in an upright box', () => {
    expect(groupBoxOf([a, c])).toEqual(upright);
    expect(groupBoxOf([])).toBeUndefined();
  });

  it('holds widgets turned alike in a box turned with them, mixed ones in an upright box', () => {
    // Two 100 x 20 bars turned 90°, side by side: the box is 100 x 60 in their axes, turned 90°.
    const bars = [at(0, 40, 100, 20, 90), at(40, 40, 100, 20, 90)];
    const box = groupBoxOf(bars)!;
    expect(box).toEqual({ cx: 70, cy: 50, w: 100, h: 60, rotation: 90 });
    // -270° is 90°.
    expect(groupBoxOf([bars[0]!, { ...bars[1]!, rotation: -270 }])).toEqual(box);
    // One of them upright: an upright box around what both cover.
    expect(groupBoxOf([bars[0]!, at(0, 0, 100, 20)])).toEqual({
      cx: 50,
      cy: 50,
      w: 100,
      h: 100,
      rotation: 0,
    });
  });
});

describe('placing a widget of the group', () => {
  it('moves every widget by exactly the group’s translation', () => {
    const frame = { tx: 12.5, ty: -7, w: 120, h: 190, rotation: 0 };
    expect(placeInGroup(a, upright, frame)).toEqual({ tx: 12.5, ty: -7, w: 120, h: 60, rotation: 0 });
    expect(placeInGroup(c, upright, frame)).toEqual({ tx: 12.5, ty: -7, w: 80, h: 40, rotation: 0 });
  });

  it('scales places and sizes about the corner a resize holds', () => {
    // Dragged by its south-east corner to twice the size: the north-west corner (100, 100) stays.
    const frame = { tx: 0, ty: 0, w: 240, h: 380, rotation: 0 };
    expect(round(placeInGroup(a, upright, frame))).toEqual({ tx: 0, ty: 0, w: 240, h: 120, rotation: 0 });
    // c (100, 250, 80 x 40) goes to (100, 400, 160 x 80).
    expect(round(placeInGroup(c, upright, frame))).toEqual({ tx: 0, ty: 150, w: 160, h: 80, rotation: 0 });
    // By its north-west corner to half the size (moveable moves the box by the shrinking): the
    // south-east corner (220, 290) stays.
    const half = { tx: 60, ty: 95, w: 60, h: 95, rotation: 0 };
    expect(round(placeInGroup(a, upright, half))).toEqual({ tx: 60, ty: 95, w: 60, h: 30, rotation: 0 });
    expect(round(placeInGroup(c, upright, half))).toEqual({ tx: 60, ty: 20, w: 40, h: 20, rotation: 0 });
  });

  it('turns places about the group’s centre and adds the turn to each widget', () => {
    const quarter = { tx: 0, ty: 0, w: 120, h: 190, rotation: 90 };
    const pa = placeInGroup(a, upright, quarter);
    const pc = placeInGroup(c, upright, quarter);
    // a's centre (160, 130) turns to (225, 195); c's (140, 270) to (85, 175).
    expect(centreOf(a, pa)).toEqual([225, 195]);
    expect(centreOf(c, pc)).toEqual([85, 175]);
    expect(round(pa)).toMatchObject({ w: 120, h: 60, rotation: 90 });
    expect(round(pc)).toMatchObject({ w: 80, h: 40, rotation: 90 });
  });

  it('scales a turned group along its own axes', () => {
    // The two bars turned 90° (box 100 x 60 in their axes): resized to 200 x 120 about its centre.
    const bars = [at(0, 40, 100, 20, 90), at(40, 40, 100, 20, 90)];
    const box = groupBoxOf(bars)!;
    const frame = { tx: -50, ty: -30, w: 200, h: 120, rotation: 90 };
    const [p0, p1] = bars.map((b) => placeInGroup(b, box, frame));
    expect(round(p0!)).toMatchObject({ w: 200, h: 40, rotation: 90 });
    // Their centres (50, 50) and (90, 50) lie across the box's height (screen x): 40 apart becomes 80.
    expect(centreOf(bars[0]!, p0!)).toEqual([30, 50]);
    expect(centreOf(bars[1]!, p1!)).toEqual([110, 50]);
  });

  it('scales a widget turned across the group by the scale along its sides', () => {
    // An upright group stretched 2x wide only: a widget turned 90° has its width along screen y.
    const turned = at(110, 120, 40, 20, 90);
    const frame = { tx: 0, ty: 0, w: 240, h: 190, rotation: 0 };
    expect(round(placeInGroup(turned, upright, frame))).toMatchObject({ w: 40, h: 40, rotation: 90 });
  });
});

describe('a widget’s outline in the group', () => {
  it('is the widget’s box in fractions of the group’s, turned relative to it', () => {
    const six = (v: number) => Math.round(v * 1e6) / 1e6;
    expect(memberBoxIn(a, upright)).toEqual({
      left: 0,
      top: 0,
      width: 1,
      height: six(60 / 190),
      rotation: 0,
    });
    expect(memberBoxIn(c, upright)).toEqual({
      left: 0,
      top: six(150 / 190),
      width: six(80 / 120),
      height: six(40 / 190),
      rotation: 0,
    });
    const bars = [at(0, 40, 100, 20, 90), at(40, 40, 100, 20, 90)];
    const box = groupBoxOf(bars)!;
    // In the box's axes (100 x 60) the first bar is its top 20 px strip, the second its bottom one.
    expect(memberBoxIn(bars[0]!, box)).toMatchObject({ left: 0, width: 1, rotation: 0 });
    const tops = bars.map((b) => memberBoxIn(b, box).top).sort();
    expect(tops).toEqual([0, six(40 / 60)]);
  });
});
