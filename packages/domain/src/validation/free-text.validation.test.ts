import { describe, expect, it } from 'vitest';
import {
  multiLineText,
  singleLineText,
  toSingleLine,
  toWellFormed,
  validateFreeText,
  type TextLines,
} from './free-text.validation.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);
const CONTROL = 'validation.text.controlChars';
const SINGLE = 'validation.text.singleLine';
const MALFORMED = 'validation.text.malformed';

describe('validateFreeText', () => {
  it.each<[string, string, TextLines, string | null]>([
    ['plain ASCII', 'Line 1 / press_2 (east)', 'single', null],
    ['CJK', '一号车间 压力表', 'single', null],
    ['emoji (a surrogate pair)', 'pump 🚰 ok 👍🏽', 'single', null],
    ['astral CJK (a surrogate pair)', '𠀋𡈽', 'single', null],
    ['NBSP, ideographic space and U+00A0..U+00FF', 'a\u00a0b\u3000c é ÿ', 'single', null],
    ['empty', '', 'single', null],
    ['NUL', 'a\u0000b', 'single', CONTROL],
    ['NUL alone', '\u0000', 'single', CONTROL],
    ['BEL', 'ring\u0007', 'single', CONTROL],
    ['ESC sequence', '\u001b[31mred\u001b[0m', 'single', CONTROL],
    ['backspace', 'a\bb', 'single', CONTROL],
    ['vertical tab', 'a\u000bb', 'single', CONTROL],
    ['unit separator U+001F', 'a\u001fb', 'single', CONTROL],
    ['DEL', 'a\u007fb', 'single', CONTROL],
    ['C1 U+0080', 'a\u0080b', 'single', CONTROL],
    ['C1 NEL U+0085', 'a\u0085b', 'single', CONTROL],
    ['C1 CSI U+009B', 'a\u009b31m', 'single', CONTROL],
    ['C1 U+009F', 'a\u009fb', 'single', CONTROL],
    ['lone high surrogate', 'a\ud83db', 'single', MALFORMED],
    ['lone high surrogate at the end', 'abc\ud83d', 'single', MALFORMED],
    ['lone low surrogate', 'a\udc00b', 'single', MALFORMED],
    ['reversed pair', '\ude80\ud83d', 'single', MALFORMED],
    ['LF in a one-line field', 'a\nb', 'single', SINGLE],
    ['CR LF in a one-line field', 'a\r\nb', 'single', SINGLE],
    ['TAB in a one-line field', 'a\tb', 'single', SINGLE],
    ['LF in a multi-line field', 'line 1\nline 2', 'multi', null],
    ['CR LF in a multi-line field', 'line 1\r\nline 2\r\n', 'multi', null],
    ['TAB in a multi-line field', 'key\tvalue', 'multi', null],
    ['a lone CR in a multi-line field', 'a\rb', 'multi', CONTROL],
    ['CR at the end of a multi-line field', 'a\r', 'multi', CONTROL],
    ['NUL in a multi-line field', 'a\n\u0000', 'multi', CONTROL],
    ['ESC in a multi-line field', 'a\n\u001b[2J', 'multi', CONTROL],
    ['DEL in a multi-line field', 'a\u007f', 'multi', CONTROL],
    ['C1 in a multi-line field', 'a\u0085', 'multi', CONTROL],
    ['lone surrogate in a multi-line field', 'a\n\udfff', 'multi', MALFORMED],
    ['emoji in a multi-line field', '🚰\n中文', 'multi', null],
  ])('%s (%j, %s) -> %s', (_, text, lines, key) => {
    expect(keyOf(validateFreeText(text, lines))).toBe(key);
  });

  it('is single-line by default and gives no params to interpolate', () => {
    expect(validateFreeText('a\nb')).toEqual({ ok: false, key: SINGLE, params: {} });
  });

  it('accepts every code point that is not a control or a surrogate half', () => {
    const samples = [
      0x20, 0x7e, 0xa0, 0xff, 0x2028, 0xd7ff, 0xe000, 0xfeff, 0xfffd, 0xffff, 0x10000, 0x10ffff,
    ];
    for (const cp of samples)
      expect(validateFreeText(`x${String.fromCodePoint(cp)}x`).ok, cp.toString(16)).toBe(true);
  });
});

describe('free-text schemas', () => {
  it('trim, then apply the rule (a trailing newline pasted with a name is not an error)', () => {
    expect(singleLineText.parse('  name\n')).toBe('name');
    expect(multiLineText.parse('\n a\r\n\tb \n')).toBe('a\r\n\tb');
  });

  it.each([
    ['a\u0000b', CONTROL],
    ['a\u001bb', CONTROL],
    ['a\ud800b', MALFORMED],
    ['a\nb', SINGLE],
  ])('singleLineText refuses %j with the key %s as the issue message', (text, key) => {
    const r = singleLineText.max(64).safeParse(text);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(key);
  });

  it('multiLineText keeps line breaks and tabs and refuses the rest', () => {
    expect(multiLineText.safeParse('a\nb\tc').success).toBe(true);
    expect(multiLineText.safeParse('a\u0007').error?.issues[0]?.message).toBe(CONTROL);
  });

  it('chained bounds still apply', () => {
    expect(singleLineText.min(1).safeParse('  ').success).toBe(false);
    expect(singleLineText.max(3).safeParse('abcd').success).toBe(false);
  });
});

describe('repairs for text that cannot be refused', () => {
  it('toWellFormed replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(toWellFormed('a\ud800b\udc00c🚰')).toBe('a\ufffdb\ufffdc🚰');
    expect(toWellFormed('\ude80\ud83d')).toBe('\ufffd\ufffd');
    expect(toWellFormed('plain')).toBe('plain');
  });

  it('toSingleLine removes C0, DEL and C1 controls (line breaks too) and repairs surrogates', () => {
    expect(toSingleLine('HMI\u0000-7\u001b[31m\u007f\u0085\n\t v2\ud800')).toBe('HMI-7[31m v2\ufffd');
    expect(toSingleLine('192.168.0.7')).toBe('192.168.0.7');
  });
});
