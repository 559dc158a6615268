import { describe, expect, it } from 'vitest';
import { flowItems, readingOrder } from './screen-flow.ts';

const box = (id: string, x: number, y: number, w = 100, h = 40) => ({ id, x, y, w, h });

describe('the phone flow of a screen', () => {
  it('reads rows top to bottom and each row left to right, tops within half a widget making one row', () => {
    const order = readingOrder([box('c', 500, 12), box('a', 10, 10), box('d', 10, 200), box('b', 200, 0)]);
    expect(order.map((w) => w.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps design size when it fits and scales a wider widget to the phone, in proportion', () => {
    const [small, trend] = flowItems([box('lamp', 0, 0, 120, 60), box('trend', 0, 100, 1200, 400)], 375);
    expect(small).toMatchObject({ scale: 1, width: 120, height: 60 });
    expect(trend!.width).toBeCloseTo(359, 6);
    expect(trend!.height).toBeCloseTo(400 * (359 / 1200), 6);
  });
});
