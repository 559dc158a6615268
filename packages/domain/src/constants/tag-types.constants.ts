import { z } from 'zod';

/** Tag data types of SPEC section 3, code to name. The codes travel on the wire. */
export const TagDataType = {
  BOOL: 0,
  UINT16: 1,
  UINT32: 2,
  UINT64: 3,
  INT16: 4,
  INT32: 5,
  INT64: 6,
  REAL: 7,
  LREAL: 8,
  STRING: 9,
} as const;

export type TagDataTypeName = keyof typeof TagDataType;
export type TagDataTypeCode = (typeof TagDataType)[TagDataTypeName];

export const tagDataTypeNames = Object.keys(TagDataType) as readonly TagDataTypeName[];
export const tagDataTypeCodes = Object.values(TagDataType) as readonly TagDataTypeCode[];

/** True when `code` is one of the ten tag data type codes. */
export function isTagDataTypeCode(code: unknown): code is TagDataTypeCode {
  return typeof code === 'number' && (tagDataTypeCodes as readonly number[]).includes(code);
}

/** Name of a tag data type code ('BOOL'...), or undefined for an unknown code. */
export function tagDataTypeName(code: number): TagDataTypeName | undefined {
  return isTagDataTypeCode(code) ? tagDataTypeNames[code] : undefined;
}

/** Code of a tag data type name, case-insensitive ('uint16' -> 1), or undefined. */
export function tagDataTypeCode(name: string): TagDataTypeCode | undefined {
  const key = name.trim().toUpperCase();
  return Object.hasOwn(TagDataType, key) ? TagDataType[key as TagDataTypeName] : undefined;
}

export const tagDataTypeSchema = z.literal(tagDataTypeCodes);

/** Read/write types of a tag (SPEC section 3). */
export const ReadWriteType = { Read: 0, Write: 1, ReadWrite: 2 } as const;
export type ReadWriteType = (typeof ReadWriteType)[keyof typeof ReadWriteType];
export const readWriteTypeSchema = z.literal(Object.values(ReadWriteType));
