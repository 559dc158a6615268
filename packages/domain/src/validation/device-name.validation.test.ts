import { describe, expect, it } from 'vitest';
import { DEVICE_NAME_RESERVED_WORDS } from '../constants/reserved-names.constants.ts';
import { deviceNameSchema, reservedWordOf, validateDeviceName } from './device-name.validation.ts';

describe('validateDeviceName', () => {
  it.each([
    ['Pump_01', null, undefined],
    ['a', null, undefined],
    ['泵站一号', null, undefined],
    ['泵站_A1', null, undefined],
    ['A泵1_', null, undefined],
    ['', 'validation.deviceName.required', undefined],
    ['   ', 'validation.deviceName.required', undefined],
    ['a b', 'validation.deviceName.space', undefined],
    [' a', 'validation.deviceName.space', undefined],
    ['a\tb', 'validation.deviceName.space', undefined],
    ['_a', 'validation.deviceName.start', undefined],
    ['1a', 'validation.deviceName.start', undefined],
    ['é1', 'validation.deviceName.start', undefined],
    ['a-b', 'validation.deviceName.chars', undefined],
    ['a.b', 'validation.deviceName.chars', undefined],
    ['aé', 'validation.deviceName.chars', undefined],
    ['a😀', 'validation.deviceName.chars', undefined],
    ['Var', 'validation.deviceName.reserved', 'var'],
    ['var', 'validation.deviceName.reserved', 'var'],
    ['VAR', 'validation.deviceName.reserved', 'var'],
    ['HistRecord', 'validation.deviceName.reserved', 'histrecord'],
    ['While', 'validation.deviceName.reserved', 'while'],
    ['NULL', 'validation.deviceName.reserved', 'null'],
    ['Var1', null, undefined],
    ['variable', null, undefined],
  ])('%j -> %s', (name, key, word) => {
    const r = validateDeviceName(name);
    expect(r.ok ? null : r.key).toBe(key);
    if (word !== undefined) expect(r).toEqual({ ok: false, key, params: { word } });
  });

  it.each(DEVICE_NAME_RESERVED_WORDS.map((w) => [w]))('reserved word %s, any case', (word) => {
    const upper = word.toUpperCase();
    expect(reservedWordOf(upper)).toBe(word);
    expect(validateDeviceName(upper)).toEqual({
      ok: false,
      key: 'validation.deviceName.reserved',
      params: { word },
    });
  });

  it('schema', () => {
    expect(deviceNameSchema.safeParse('Pump').success).toBe(true);
    expect(deviceNameSchema.safeParse('Var').error?.issues[0]).toMatchObject({
      message: 'validation.deviceName.reserved',
      params: { word: 'var' },
    });
    expect(deviceNameSchema.safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });
});
