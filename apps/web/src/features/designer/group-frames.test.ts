import { describe, expect, it } from 'vitest';
import { screenWidget, type ScreenWidget } from '@hmi/domain';
import { DragFrames } from './drag-frames.ts';
import { GroupFrames, type GroupTarget } from './group-frames.ts';
import { groupBoxOf } from './group-geometry.ts';

/*
 * A multi-selection's gesture through its proxy: the proxy follows moveable's frame, every
 * widget's box is placed from it, the end gives one geometry step and every style back.
 */

const lamp = (id: string, x: number, y: number) =>
  screenWidget.parse({ id, type: 'lamp', x, y, w: 40, h: 20, props: {} });

function element(style: string, id?: string): HTMLElement {
  const el = document.createElement('div');
  if (id) el.dataset.widgetId = id;
  el.style.cssText = style;
  return el;
}

function setup() {
  const widgets = new Map<string, ScreenWidget>([
    ['a', lamp('a', 100, 50)],
    ['c', lamp('c', 200, 90)],
  ]);
  const members = [...widgets.values()].map((w) =>
    element(`position: absolute; left: ${w.x}px; top: ${w.y}px; width: 40px; height: 20px;`, w.id),
  );
  // The canvas's layer holds the widgets' boxes (a drag's copies go there too).
  const layer = document.createElement('div');
  for (const m of members) layer.appendChild(m);
  // The group's box: (100, 50) to (240, 110).
  const box = groupBoxOf([...widgets.values()])!;
  const proxy = element('position: absolute; left: 100px; top: 50px; width: 140px; height: 60px;');
  let target: GroupTarget | undefined = { proxy, box, members };
  const frames = new DragFrames((id) => widgets.get(id));
  const group = new GroupFrames(
    frames,
    () => target,
    (id) => widgets.get(id),
  );
  return { frames, group, proxy, members, box, layer, clear: () => (target = undefined) };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('group frames', () => {
  it('drags copies of the widgets in one layer, then places the widgets once and drops the copies', () => {
    const { frames, group, proxy, members, layer } = setup();
    const startBoxes = members.map((m) => m.style.cssText);
    group.start(proxy, 'drag');
    const ghost = layer.querySelector<HTMLElement>('.designer-ghost')!;
    expect(ghost.children).toHaveLength(2);
    // Copies are no widgets' boxes: no widget id to be taken for one.
    expect(layer.querySelectorAll('[data-widget-id]')).toHaveLength(2);
    expect(members.every((m) => m.style.visibility === 'hidden')).toBe(true);
    group.update(proxy, { tx: 10, ty: 25 });
    group.update(proxy, { tx: 12, ty: 30 });
    // One transform for the whole group; the widgets stay where they were until the end.
    expect(ghost.style.transform).toBe('translate(12px, 30px)');
    expect(members[0]!.style.transform).toBe('');
    group.end();
    expect(frames.end()).toEqual([
      { id: 'a', x: 112, y: 80, w: 40, h: 20, rotation: 0 },
      { id: 'c', x: 212, y: 120, w: 40, h: 20, rotation: 0 },
    ]);
    expect(layer.querySelector('.designer-ghost')).toBeNull();
    expect(members.map((m) => m.style.cssText)).toEqual(startBoxes);
  });

  it('moves every widget with the proxy and ends in one step with the styles given back', async () => {
    const { frames, group, proxy, members, box } = setup();
    expect(box).toEqual({ cx: 170, cy: 80, w: 140, h: 60, rotation: 0 });
    const startProxy = proxy.style.cssText;
    const startBoxes = members.map((m) => m.style.cssText);
    expect(group.owns(proxy)).toBe(true);
    expect(group.owns(members[0]!)).toBe(false);
    expect(group.start(members[0]!)).toBeUndefined();

    expect(group.start(proxy)).toEqual({ tx: 0, ty: 0, w: 140, h: 60, rotation: 0 });
    group.update(proxy, { tx: 10, ty: 25 });
    expect(proxy.style.transform).toBe('translate(10px, 25px) rotate(0deg)');
    // The widgets follow at the next frame, once for all the moves before it.
    group.update(proxy, { tx: 12, ty: 25 });
    expect(members[0]!.style.transform).toBe('');
    await nextFrame();
    for (const m of members) expect(m.style.transform).toBe('translate(12px, 25px) rotate(0deg)');
    group.update(proxy, { tx: 30, ty: -20 });
    group.end();
    expect(proxy.style.cssText).toBe(startProxy);
    expect(frames.end()).toEqual([
      { id: 'a', x: 130, y: 30, w: 40, h: 20, rotation: 0 },
      { id: 'c', x: 230, y: 70, w: 40, h: 20, rotation: 0 },
    ]);
    expect(members.map((m) => m.style.cssText)).toEqual(startBoxes);
  });

  it('resizes and turns the widgets with the proxy', () => {
    const { frames, group, proxy, clear } = setup();
    // Twice the size, the north-west corner held.
    group.update(proxy, { w: 280, h: 120 });
    expect(proxy.style.width).toBe('280px');
    group.end();
    expect(frames.end()).toEqual([
      { id: 'a', x: 100, y: 50, w: 80, h: 40, rotation: 0 },
      { id: 'c', x: 300, y: 130, w: 80, h: 40, rotation: 0 },
    ]);
    // Half a turn about the centre (170, 80): a's centre (120, 60) goes to (220, 100).
    group.start(proxy);
    group.update(proxy, { rotation: 180 });
    group.end();
    const [a, c] = frames.end().map((ch) => ({ ...ch, x: Math.round(ch.x!), y: Math.round(ch.y!) }));
    expect(a).toEqual({ id: 'a', x: 200, y: 90, w: 40, h: 20, rotation: 180 });
    expect(c).toEqual({ id: 'c', x: 100, y: 50, w: 40, h: 20, rotation: 180 });
    // Without a multi-selection the proxy is nobody's.
    clear();
    expect(group.owns(proxy)).toBe(false);
    expect(group.start(proxy)).toBeUndefined();
  });
});
