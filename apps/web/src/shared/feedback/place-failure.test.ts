import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@hmi/domain';
import { ApiError, CancelledError } from '../http/http-errors.ts';
import { fieldErrorsOf, placeFailure, type FailurePlaces, type FailureText } from './place-failure.ts';

const text: FailureText = {
  error: (code) => `E${code}`,
  key: (key, params) => `K:${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`,
};
const manual = (code: number | string, data: unknown = null) => new ApiError(code, `msg${code}`, data, false);

describe('placing a failed call in its form', () => {
  const device: FailurePlaces = {
    fieldOf: { 1025: 'pin', 1028: 'sn', 1102: 'sn', 1034: 'name' },
    fields: ['name', 'sn', 'pin'],
  };
  const place = (e: unknown) => placeFailure(e, device, text);

  it.each([
    [1025, 'pin'],
    [1028, 'sn'],
    [1102, 'sn'],
    [1034, 'name'],
  ])('code %i goes under %s', (code, field) => {
    expect(place(manual(code))).toEqual({ fields: [{ field, text: `E${code}` }] });
  });

  it('a 1006 naming a field and a validation key shows the translated rule under that field', () => {
    const e = manual(1006, {
      where: 'body',
      fields: [{ path: 'name', message: 'validation.deviceName.reserved', params: { word: 'alarm' } }],
    });
    expect(place(e)).toEqual({
      fields: [{ field: 'name', text: 'K:validation.deviceName.reserved{"word":"alarm"}' }],
    });
  });

  it('a 1006 from the schema (no validation key) keeps the field but shows the code text', () => {
    const e = manual(1006, { fields: [{ path: 'sn', message: 'must be 4-64 characters' }] });
    expect(place(e)).toEqual({ fields: [{ field: 'sn', text: 'E1006' }] });
  });

  it('a field the form does not have goes above the buttons', () => {
    const e = manual(1006, { fields: [{ path: 'group_id', message: 'validation.x' }] });
    expect(place(e)).toEqual({ fields: [], general: 'K:validation.x' });
  });

  it('other codes and network errors go above the buttons', () => {
    expect(place(manual(1036))).toEqual({ fields: [], general: 'E1036' });
    expect(place(manual('ERR_NETWORK'))).toEqual({ fields: [], general: 'EERR_NETWORK' });
    expect(place(new Error('boom'))).toEqual({ fields: [], general: 'EERR_NETWORK' });
  });

  it('cancelled calls show nothing', () => {
    expect(place(new CancelledError())).toBeUndefined();
  });

  it('without a form every failure goes above the buttons', () => {
    expect(placeFailure(manual(1034), device, text, false)).toEqual({ fields: [], general: 'E1034' });
    expect(placeFailure(manual(1036), {}, text, false)).toEqual({ fields: [], general: 'E1036' });
  });
});

describe('a 1006 that lists its field errors (alarm rules)', () => {
  const rule: FailurePlaces = {
    fieldOf: { [ErrorCode.E1088_ALARM_NAME_EXISTS]: 'name' },
    fields: ['name', 'value', 'target'],
  };
  const place = (e: unknown) => placeFailure(e, rule, text);

  it('places every field error under its field', () => {
    const e = manual(1006, {
      errors: [
        { field: 'value', key: 'validation.alarm.valueRange', params: { min: '0' } },
        { field: 'target', key: 'validation.alarm.targetMismatch' },
      ],
    });
    expect(place(e)).toEqual({
      fields: [
        { field: 'value', text: 'K:validation.alarm.valueRange{"min":"0"}' },
        { field: 'target', text: 'K:validation.alarm.targetMismatch' },
      ],
    });
  });

  it('a field error of a field the form does not have becomes the text above the buttons', () => {
    expect(place(manual(1006, { errors: [{ field: 'template_id', key: 'x' }] }))).toEqual({
      fields: [],
      general: 'K:x',
    });
    expect(
      place(
        manual(1006, {
          errors: [
            { field: 'name', key: 'a' },
            { field: 'template_id', key: 'b' },
          ],
        }),
      ),
    ).toEqual({ fields: [{ field: 'name', text: 'K:a' }], general: 'K:b' });
  });

  it('1088 goes under the name, 1090 and others above the buttons', () => {
    expect(place(manual(1088))).toEqual({ fields: [{ field: 'name', text: 'E1088' }] });
    expect(place(manual(1090))).toEqual({ fields: [], general: 'E1090' });
    expect(place(manual(1029))).toEqual({ fields: [], general: 'E1029' });
  });

  it('a plain 1006 with a schema path still lands on its field', () => {
    const e = manual(1006, { fields: [{ path: 'name', message: 'validation.alarm.nameRequired' }] });
    expect(place(e)).toEqual({ fields: [{ field: 'name', text: 'K:validation.alarm.nameRequired' }] });
  });
});

describe('one-field forms (an inline name input): everything under the field', () => {
  const group: FailurePlaces = {
    fieldOf: { [ErrorCode.E1085_ALARM_GROUP_NAME_EXISTS]: 'name' },
    fields: ['name'],
    rest: 'name',
  };

  it('puts the failure that has no field under the field', () => {
    expect(placeFailure(manual(1029), group, text)).toEqual({ fields: [{ field: 'name', text: 'E1029' }] });
    expect(placeFailure(new Error('boom'), group, text)).toEqual({
      fields: [{ field: 'name', text: 'EERR_NETWORK' }],
    });
  });

  it('keeps the field failure when the reply also names another field', () => {
    const e = manual(1006, {
      errors: [
        { field: 'name', key: 'a' },
        { field: 'other', key: 'b' },
      ],
    });
    expect(placeFailure(e, group, text)).toEqual({ fields: [{ field: 'name', text: 'K:a' }] });
  });

  it('without a form (a rename row) the text is the general one', () => {
    expect(placeFailure(manual(1085), group, text, false)).toEqual({ fields: [], general: 'E1085' });
  });
});

describe('fieldErrorsOf', () => {
  it('accepts data.errors or a list and drops junk', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'a', key: 'k' }, { field: 1 }] })).toEqual([
      { field: 'a', key: 'k' },
    ]);
    expect(fieldErrorsOf([{ field: 'b', key: 'k' }])).toHaveLength(1);
    expect(fieldErrorsOf(null)).toEqual([]);
    expect(fieldErrorsOf('E_X')).toEqual([]);
  });
});
