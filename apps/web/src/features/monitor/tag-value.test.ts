import { describe, expect, it } from 'vitest';
import { TagDataType } from '@hmi/domain';
import { formatTagValue, parseWriteInput, STALE_AFTER_MS, tagQuality } from './tag-value.ts';

describe('tagQuality', () => {
  it.each([
    [false, 1000, 1000, 'offline'],
    [true, undefined, 1000, 'stale'],
    [true, 0, STALE_AFTER_MS, 'fresh'],
    [true, 0, STALE_AFTER_MS + 1, 'stale'],
  ] as const)('online %s, received %s, now %s -> %s', (online, at, now, quality) => {
    expect(tagQuality(online, at, now)).toBe(quality);
  });
});

describe('formatTagValue', () => {
  it.each([
    [null, TagDataType.INT16, 0, '—'],
    [undefined, TagDataType.INT16, 0, '—'],
    [true, TagDataType.BOOL, 0, '1'],
    [0, TagDataType.BOOL, 0, '0'],
    [12.345, TagDataType.REAL, 2, '12.35'],
    [12.5, TagDataType.LREAL, 0, '12.5'],
    [65535, TagDataType.UINT16, 3, '65535'],
    ['18446744073709551615', TagDataType.UINT64, 0, '18446744073709551615'],
    ['RCP-A', TagDataType.STRING, 0, 'RCP-A'],
  ] as const)('%j as type %i with %i decimals -> %s', (value, type, decimals, text) => {
    expect(formatTagValue(value, type, decimals)).toBe(text);
  });
});

describe('parseWriteInput', () => {
  it.each([
    ['1', TagDataType.BOOL, true],
    ['0', TagDataType.BOOL, false],
    [' 65535 ', TagDataType.UINT16, 65535],
    ['-32768', TagDataType.INT16, -32768],
    ['1.5e3', TagDataType.REAL, 1500],
    ['18446744073709551615', TagDataType.UINT64, '18446744073709551615'],
    ['-9007199254740993', TagDataType.INT64, '-9007199254740993'],
    ['  spaced text ', TagDataType.STRING, '  spaced text '],
  ] as const)('accepts %j as type %i', (text, type, value) => {
    expect(parseWriteInput(text, type)).toEqual({ ok: true, value });
  });

  it.each([
    ['', TagDataType.UINT16, 'rule.required'],
    ['2', TagDataType.BOOL, 'rule.outOfRange'],
    ['65536', TagDataType.UINT16, 'rule.outOfRange'],
    ['-1', TagDataType.UINT32, 'rule.outOfRange'],
    ['1.5', TagDataType.INT32, 'rule.outOfRange'],
    ['abc', TagDataType.REAL, 'rule.notNumber'],
    ['x'.repeat(4097), TagDataType.STRING, 'rule.tooLong'],
  ] as const)('refuses %j as type %i with %s', (text, type, key) => {
    const r = parseWriteInput(text, type);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.key).toBe(key);
  });

  it('names the range of the type', () => {
    expect(parseWriteInput('70000', TagDataType.UINT16)).toMatchObject({
      ok: false,
      params: { type: 'UINT16', min: '0', max: '65535' },
    });
  });

  it.each([
    ['3.4028234663852886e38', TagDataType.REAL, true],
    ['-3.4028234663852886e38', TagDataType.REAL, true],
    ['3.402823466385289e38', TagDataType.REAL, false],
    ['1e40', TagDataType.REAL, false],
    ['-1e40', TagDataType.REAL, false],
    ['1e40', TagDataType.LREAL, true],
    ['1.7976931348623157e308', TagDataType.LREAL, true],
  ] as const)('REAL is 32-bit, LREAL 64-bit: %s as type %i -> %s', (text, type, ok) => {
    expect(parseWriteInput(text, type).ok).toBe(ok);
  });

  it('a REAL beyond its range says so with the range (not "not a number")', () => {
    expect(parseWriteInput('1e40', TagDataType.REAL)).toEqual({
      ok: false,
      key: 'rule.realOutOfRange',
      params: { type: 'REAL', min: '-3.4028234663852886e+38', max: '3.4028234663852886e+38' },
    });
    expect(parseWriteInput('NaN', TagDataType.REAL)).toMatchObject({ ok: false, key: 'rule.notNumber' });
    expect(parseWriteInput('Infinity', TagDataType.REAL)).toMatchObject({ ok: false, key: 'rule.notNumber' });
  });
});
