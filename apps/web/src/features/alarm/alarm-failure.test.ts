import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@hmi/domain';
import { ApiError, CancelledError } from '../../shared/http/http-errors.ts';
import { fieldErrorsOf, importRowsOf, sortAlarmFailure, type AlarmFailureText } from './alarm-failure.ts';

const text: AlarmFailureText = {
  error: (code) => `error ${code}`,
  validation: (key) => `v:${key}`,
  issue: (key, params) => `i:${key}${params ? JSON.stringify(params) : ''}`,
};
const FIELDS = ['name', 'value', 'target'];
const NAME_CODES = { [ErrorCode.E1088_ALARM_NAME_EXISTS]: 'name' };
const apiError = (code: number, data: unknown = null) => new ApiError(code, 'failed', data, false);
const sort = (e: unknown) => sortAlarmFailure(e, FIELDS, NAME_CODES, text);

describe('sortAlarmFailure', () => {
  it('places every 1006 field error under its field', () => {
    const e = apiError(1006, {
      errors: [
        { field: 'value', key: 'validation.alarm.valueRange', params: { min: '0' } },
        { field: 'target', key: 'validation.alarm.targetMismatch' },
      ],
    });
    expect(sort(e)).toEqual({
      fields: [
        { field: 'value', text: 'i:validation.alarm.valueRange{"min":"0"}' },
        { field: 'target', text: 'i:validation.alarm.targetMismatch' },
      ],
    });
  });

  it('a field error of a field the form does not have becomes the general text', () => {
    expect(sort(apiError(1006, { errors: [{ field: 'template_id', key: 'x' }] }))).toEqual({
      fields: [],
      general: 'i:x',
    });
  });

  it('1088 goes under the name, 1090 and others above the buttons', () => {
    expect(sort(apiError(1088))).toEqual({ fields: [{ field: 'name', text: 'error 1088' }] });
    expect(sort(apiError(1090))).toEqual({ fields: [], general: 'error 1090' });
    expect(sort(apiError(1029))).toEqual({ fields: [], general: 'error 1029' });
  });

  it('a plain 1006 with a zod path still lands on its field', () => {
    const e = apiError(1006, { fields: [{ path: 'name', message: 'validation.alarm.nameRequired' }] });
    expect(sort(e)).toEqual({ fields: [{ field: 'name', text: 'v:validation.alarm.nameRequired' }] });
  });

  it('network failures are general, cancelled calls nothing', () => {
    expect(sort(new Error('boom'))).toEqual({ fields: [], general: 'error ERR_NETWORK' });
    expect(sort(new CancelledError())).toBeUndefined();
  });
});

describe('reply data readers', () => {
  it('fieldErrorsOf accepts data.errors or a list and drops junk', () => {
    expect(fieldErrorsOf({ errors: [{ field: 'a', key: 'k' }, { field: 1 }] })).toEqual([
      { field: 'a', key: 'k' },
    ]);
    expect(fieldErrorsOf([{ field: 'b', key: 'k' }])).toHaveLength(1);
    expect(fieldErrorsOf(null)).toEqual([]);
    expect(fieldErrorsOf('E_X')).toEqual([]);
  });

  it('importRowsOf reads the rows of a refused import', () => {
    expect(
      importRowsOf({ rows: [{ row: 2, errors: [{ field: 'name', key: 'k' }, 5] }, { row: 'x' }] }),
    ).toEqual([{ row: 2, errors: [{ field: 'name', key: 'k' }] }]);
    expect(importRowsOf({ errors: [] })).toBeUndefined();
    expect(importRowsOf(null)).toBeUndefined();
  });
});
