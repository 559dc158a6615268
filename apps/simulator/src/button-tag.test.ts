import { describe, expect, it } from 'vitest';
import type { ConfigTag } from '@hmi/domain';
import { buttonTag, formatValue, pressedValue } from './button-tag.ts';

const tag = (id: number, name: string, rw: 0 | 1 | 2, type: ConfigTag['type'] = 1): ConfigTag => ({
  id,
  name,
  type,
  rw,
});

describe('the PUSH button tag', () => {
  it('is the tag named button, else the first writable one, else none', () => {
    expect(buttonTag([tag(1, 'temp', 0), tag(2, 'speed', 2), tag(3, 'Button', 1)])?.id).toBe(3);
    expect(buttonTag([tag(1, 'temp', 0), tag(2, 'speed', 1), tag(3, 'mode', 2)])?.id).toBe(2);
    expect(buttonTag([tag(1, 'button', 0), tag(2, 'temp', 0)])).toBeUndefined();
  });

  it('toggles a BOOL, counts a number up, labels a STRING', () => {
    expect(pressedValue({ type: 0 }, false, 1)).toBe(true);
    expect(pressedValue({ type: 0 }, true, 2)).toBe(false);
    expect(pressedValue({ type: 0 }, null, 1)).toBe(true);
    expect(pressedValue({ type: 1 }, 41, 1)).toBe(42);
    expect(pressedValue({ type: 7 }, 1.5, 1)).toBe(2.5);
    expect(pressedValue({ type: 3 }, null, 1)).toBe(1);
    expect(pressedValue({ type: 9 }, 'RCP', 3)).toBe('PUSH 3');
    expect(pressedValue({ type: 1 }, 65_535, 1)).toBe(0);
    expect(pressedValue({ type: 4 }, 32_767, 1)).toBe(-32_768);
    expect(pressedValue({ type: 2 }, 65_535, 1)).toBe(65_536);
    expect([true, false, null, 21.5, 'x', undefined].map(formatValue)).toEqual([
      'ON',
      'OFF',
      '---',
      '21.5',
      'x',
      '---',
    ]);
  });
});
