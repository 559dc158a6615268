import { describe, expect, it } from 'vitest';
import { TagDataType } from '../constants/tag-types.constants.ts';
import { DataType, SUPPORTED_DATATYPES, dataTypeName, isSupportedDataType, tagTypeOf } from './data-types.ts';

describe('Sparkplug data types', () => {
  it.each([
    [1, 'Int8'],
    [8, 'UInt64'],
    [13, 'DateTime'],
    [15, 'UUID'],
    [16, 'DataSet'],
    [19, 'Template'],
    [21, 'PropertySetList'],
    [22, 'Int8Array'],
    [34, 'DateTimeArray'],
    [0, 'Unknown(0)'],
    [35, 'Unknown(35)'],
    [1.5, 'Unknown(1.5)'],
    [-1, 'Unknown(-1)'],
  ])('names %s %s', (code, name) => {
    expect(dataTypeName(code)).toBe(name);
  });

  it('supports exactly the simple types', () => {
    expect(SUPPORTED_DATATYPES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(isSupportedDataType(DataType.UUID)).toBe(true);
    expect(isSupportedDataType(DataType.DataSet)).toBe(false);
    expect(isSupportedDataType(DataType.Int8Array)).toBe(false);
    expect(isSupportedDataType(0)).toBe(false);
  });

  it.each<[keyof typeof DataType, number | null]>([
    ['Int8', TagDataType.INT16],
    ['Int16', TagDataType.INT16],
    ['Int32', TagDataType.INT32],
    ['Int64', TagDataType.INT64],
    ['UInt8', TagDataType.UINT16],
    ['UInt16', TagDataType.UINT16],
    ['UInt32', TagDataType.UINT32],
    ['UInt64', TagDataType.UINT64],
    ['Float', TagDataType.REAL],
    ['Double', TagDataType.LREAL],
    ['Boolean', TagDataType.BOOL],
    ['String', TagDataType.STRING],
    ['DateTime', TagDataType.UINT64],
    ['Text', TagDataType.STRING],
    ['UUID', TagDataType.STRING],
    ['DataSet', null],
    ['Bytes', null],
    ['Template', null],
    ['FloatArray', null],
  ])('maps %s to tag type %s', (name, tagType) => {
    expect(tagTypeOf(DataType[name])).toBe(tagType);
  });

  it('uses the SPEC tag type codes', () => {
    expect([tagTypeOf(DataType.Boolean), tagTypeOf(DataType.Int8), tagTypeOf(DataType.Double)]).toEqual([
      0, 4, 8,
    ]);
  });
});
