import { describe, expect, it } from 'vitest';
import { fillText, textPlaceholders } from './fill-text.i18n.ts';

describe('fillText', () => {
  it('replaces each placeholder once, never inside a value it inserted', () => {
    expect(
      fillText('【{{level}}】{{device}}：{{ name }}', { level: '重要', device: '{{level}}', name: 'x' }),
    ).toBe('【重要】{{level}}：x');
  });

  it('keeps a placeholder without a param, and single braces (rule contents) as they are', () => {
    expect(fillText('{{a}} {b} {{toString}}', {})).toBe('{{a}} {b} {{toString}}');
    expect(fillText('{{n}} min', { n: 10 })).toBe('10 min');
  });

  it('lists placeholders once each, sorted', () => {
    expect(textPlaceholders('{{b}} {{a}} {{b}} {c}')).toEqual(['a', 'b']);
  });
});
