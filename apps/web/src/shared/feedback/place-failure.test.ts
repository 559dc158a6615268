import { describe, expect, it } from 'vitest';
import { ApiError, CancelledError } from '../http/http-errors.ts';
import { placeFailure, type FailureText } from './place-failure.ts';

const text: FailureText = {
  error: (code) => `E${code}`,
  validation: (key, params) =>
    `V:${key}${params && Object.keys(params).length ? JSON.stringify(params) : ''}`,
};
const fieldOf = { 1025: 'pin', 1028: 'sn', 1102: 'sn', 1034: 'name' };
const manual = (code: number | string, data: unknown = null) => new ApiError(code, `msg${code}`, data, false);

describe('placing a failed call in its form', () => {
  it.each([
    [1025, 'pin'],
    [1028, 'sn'],
    [1102, 'sn'],
    [1034, 'name'],
  ])('code %i goes under %s', (code, field) => {
    expect(placeFailure(manual(code), fieldOf, text)).toEqual({ field, text: `E${code}` });
  });

  it('a 1006 naming a field and a validation key shows the translated rule under that field', () => {
    const e = manual(1006, {
      where: 'body',
      fields: [{ path: 'name', message: 'validation.deviceName.reserved', params: { word: 'alarm' } }],
    });
    expect(placeFailure(e, fieldOf, text)).toEqual({
      field: 'name',
      text: 'V:validation.deviceName.reserved{"word":"alarm"}',
    });
  });

  it('a 1006 from the schema (no validation key) keeps the field but shows the code text', () => {
    const e = manual(1006, { fields: [{ path: 'sn', message: 'must be 4-64 characters' }] });
    expect(placeFailure(e, fieldOf, text)).toEqual({ field: 'sn', text: 'E1006' });
  });

  it('other codes and network errors go above the buttons', () => {
    expect(placeFailure(manual(1036), fieldOf, text)).toEqual({ text: 'E1036' });
    expect(placeFailure(manual('ERR_NETWORK'), fieldOf, text)).toEqual({ text: 'EERR_NETWORK' });
    expect(placeFailure(new Error('boom'), fieldOf, text)).toEqual({ text: 'EERR_NETWORK' });
  });

  it('cancelled calls show nothing', () => {
    expect(placeFailure(new CancelledError(), fieldOf, text)).toBeUndefined();
  });
});
