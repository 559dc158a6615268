import { TagDataType } from '../constants/tag-types.constants.ts';

/** Sparkplug B data type numbers (spec 6.4.16). */
export const DataType = {
  Int8: 1,
  Int16: 2,
  Int32: 3,
  Int64: 4,
  UInt8: 5,
  UInt16: 6,
  UInt32: 7,
  UInt64: 8,
  Float: 9,
  Double: 10,
  Boolean: 11,
  String: 12,
  DateTime: 13,
  Text: 14,
  UUID: 15,
  DataSet: 16,
  Bytes: 17,
  File: 18,
  Template: 19,
  PropertySet: 20,
  PropertySetList: 21,
  /* arrays */
  Int8Array: 22,
  Int16Array: 23,
  Int32Array: 24,
  Int64Array: 25,
  UInt8Array: 26,
  UInt16Array: 27,
  UInt32Array: 28,
  UInt64Array: 29,
  FloatArray: 30,
  DoubleArray: 31,
  BooleanArray: 32,
  StringArray: 33,
  DateTimeArray: 34,
} as const;

/** Index = data type number; the numbers are dense from 1 to 34. */
const dataTypeNames: readonly string[] = (() => {
  const names: string[] = [];
  for (const [name, code] of Object.entries(DataType)) names[code] = name;
  return names;
})();

/** 'Int8' ... 'DateTimeArray'; 'Unknown(n)' for any other number. */
export function dataTypeName(datatype: number): string {
  return (Number.isInteger(datatype) && dataTypeNames[datatype]) || `Unknown(${datatype})`;
}

/**
 * Our tag type of each supported Sparkplug type, by type number. Int8 widens to INT16 and UInt8
 * to UINT16 (we have no 8-bit tag types); DateTime is UINT64 holding ms since the epoch.
 */
const tagTypes: ReadonlyMap<number, number> = new Map<number, number>([
  [DataType.Int8, TagDataType.INT16],
  [DataType.Int16, TagDataType.INT16],
  [DataType.Int32, TagDataType.INT32],
  [DataType.Int64, TagDataType.INT64],
  [DataType.UInt8, TagDataType.UINT16],
  [DataType.UInt16, TagDataType.UINT16],
  [DataType.UInt32, TagDataType.UINT32],
  [DataType.UInt64, TagDataType.UINT64],
  [DataType.Float, TagDataType.REAL],
  [DataType.Double, TagDataType.LREAL],
  [DataType.Boolean, TagDataType.BOOL],
  [DataType.String, TagDataType.STRING],
  [DataType.DateTime, TagDataType.UINT64],
  [DataType.Text, TagDataType.STRING],
  [DataType.UUID, TagDataType.STRING],
]);

/** The types this cloud maps to tags: Int8..UInt64, Float, Double, Boolean, String, DateTime, Text, UUID. */
export const SUPPORTED_DATATYPES: readonly number[] = Object.freeze([...tagTypes.keys()]);

export function isSupportedDataType(datatype: number): boolean {
  return tagTypes.has(datatype);
}

/**
 * Our tag data type (SPEC: 0 BOOL, 1 UINT16, 2 UINT32, 3 UINT64, 4 INT16, 5 INT32, 6 INT64,
 * 7 REAL, 8 LREAL, 9 STRING) of a Sparkplug data type; null when unsupported.
 */
export function tagTypeOf(datatype: number): number | null {
  return tagTypes.get(datatype) ?? null;
}

/** 'Int8, Int16, ..., UUID': for error messages that say what would have been accepted. */
export const supportedTypeList = SUPPORTED_DATATYPES.map(dataTypeName).join(', ');
