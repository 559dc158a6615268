import { describe, expect, it } from 'vitest';
import { ErrorCode, TagDataType } from '@hmi/domain';
import { ApiError } from '../../shared/http/http-errors.ts';
import {
  applyScope,
  formValuesOf,
  isDuplicate,
  itemsOf,
  namePath,
  oneFailurePerField,
  rowsOutsideProject,
  valueProblem,
} from './recipe-items.ts';

describe('recipe items', () => {
  it.each([
    [true, TagDataType.BOOL, undefined],
    [1, TagDataType.BOOL, undefined],
    ['yes', TagDataType.BOOL, 'value'],
    [65535, TagDataType.UINT16, undefined],
    [65536, TagDataType.UINT16, 'value'],
    [-1, TagDataType.UINT16, 'value'],
    [1.5, TagDataType.INT32, 'value'],
    ['18446744073709551615', TagDataType.UINT64, undefined],
    ['18446744073709551616', TagDataType.UINT64, 'value'],
    [-2.5e38, TagDataType.REAL, undefined],
    ['', TagDataType.STRING, undefined],
    ['', TagDataType.INT16, 'required'],
    [undefined, TagDataType.REAL, 'required'],
  ] as const)('value %j for type %i: %s', (value, type, problem) => {
    expect(valueProblem(value, type)?.key).toBe(problem);
  });

  it('names the type of a value that does not fit', () => {
    expect(valueProblem(70000, TagDataType.UINT16)).toEqual({ key: 'value', params: { type: 'UINT16' } });
  });

  it('reads a stored recipe into the form and back', () => {
    const items = [
      { device_id: 1, tag_id: 2, value: '9007199254740993' },
      { device_id: 3, tag_id: 4, value: false },
    ];
    const values = formValuesOf({
      id: 1,
      project_id: 1,
      name: 'A',
      description: 'd',
      items,
      hidden_items: 0,
      created_at: 0,
      updated_at: 0,
    });
    expect(itemsOf(values.items)).toEqual(items);
    expect(formValuesOf(undefined).items).toEqual([{}]);
    expect(itemsOf([{ device_id: 1 }, { device_id: 1, tag_id: 2, value: 0 }])).toEqual([
      { device_id: 1, tag_id: 2, value: 0 },
    ]);
  });

  it('finds a (device, tag) an earlier row has', () => {
    const rows = [
      { device_id: 1, tag_id: 2 },
      { device_id: 2, tag_id: 2 },
      { device_id: 1, tag_id: 2 },
    ];
    expect([0, 1, 2].map((i) => isDuplicate(rows, i))).toEqual([false, false, true]);
  });

  it('turns a reply path into a form name path', () => {
    expect(namePath('items.12.value')).toEqual(['items', 12, 'value']);
    expect(namePath('name')).toEqual(['name']);
  });

  it('splits a 1006 naming several fields into one failure each', () => {
    const fields = [
      { path: 'items.0.tag_id', message: 'validation.recipeItem.tag' },
      { path: 'items.3.value', message: 'validation.recipeItem.value' },
    ];
    const parts = oneFailurePerField(new ApiError(1006, 'bad', { where: 'body', fields }, false));
    expect(parts.map((p) => (p as ApiError).data)).toEqual([
      { where: 'body', fields: [fields[0]] },
      { where: 'body', fields: [fields[1]] },
    ]);
    const other = new ApiError(ErrorCode.E1086_NAME_EXISTS, 'exists', null, false);
    expect(oneFailurePerField(other)).toEqual([other]);
  });

  it('finds the rows of the devices a 1089 names', () => {
    const e = new ApiError(ErrorCode.E1089_DEVICE_NOT_IN_PROJECT, 'x', { device_ids: [5] }, false);
    const rows = [{ device_id: 5 }, { device_id: 6 }, { device_id: 5 }];
    expect(rowsOutsideProject(e, rows)).toEqual([0, 2]);
    expect(rowsOutsideProject(new ApiError(1006, 'x', { device_ids: [5] }, false), rows)).toEqual([]);
  });

  it('counts what applying writes', () => {
    const items = [
      { device_id: 1, tag_id: 1, value: 1 },
      { device_id: 1, tag_id: 2, value: 2 },
      { device_id: 2, tag_id: 1, value: 3 },
    ];
    expect(applyScope({ items })).toEqual({ values: 3, devices: 2 });
  });
});
