import { describe, expect, it } from 'vitest';
import {
  isTagDataTypeCode,
  ReadWriteType,
  readWriteTypeSchema,
  TagDataType,
  tagDataTypeCode,
  tagDataTypeName,
  tagDataTypeSchema,
} from './tag-types.constants.ts';

describe('tag data types', () => {
  it.each([
    [0, 'BOOL'],
    [1, 'UINT16'],
    [2, 'UINT32'],
    [3, 'UINT64'],
    [4, 'INT16'],
    [5, 'INT32'],
    [6, 'INT64'],
    [7, 'REAL'],
    [8, 'LREAL'],
    [9, 'STRING'],
  ] as const)('code %i <-> %s', (code, name) => {
    expect(TagDataType[name]).toBe(code);
    expect(tagDataTypeName(code)).toBe(name);
    expect(tagDataTypeCode(name)).toBe(code);
    expect(tagDataTypeCode(name.toLowerCase())).toBe(code);
    expect(tagDataTypeSchema.safeParse(code).success).toBe(true);
  });

  it.each([-1, 10, 1.5, NaN])('unknown code %s', (code) => {
    expect(isTagDataTypeCode(code)).toBe(false);
    expect(tagDataTypeName(code)).toBeUndefined();
    expect(tagDataTypeSchema.safeParse(code).success).toBe(false);
  });

  it.each(['', 'FLOAT', 'toString', '__proto__'])('unknown name %j', (name) => {
    expect(tagDataTypeCode(name)).toBeUndefined();
  });

  it('read/write types are 0 read, 1 write, 2 read-write', () => {
    expect(ReadWriteType).toEqual({ Read: 0, Write: 1, ReadWrite: 2 });
    expect(readWriteTypeSchema.safeParse(2).success).toBe(true);
    expect(readWriteTypeSchema.safeParse(3).success).toBe(false);
  });
});
