import { describe, expect, it } from 'vitest';
import { DataType, SUPPORTED_DATATYPES } from './data-types.ts';
import type { SpbValue } from './metric-value.ts';
import { decodePayload, encodePayload, type SpbMetric } from './payload-codec.ts';
import { PayloadType, type WireMetric } from './sparkplug-proto.ts';
import { SpbError } from './spb-error.ts';

const T = DataType;

/** Encodes one metric with ours and decodes it back. */
function roundTrip(metric: SpbMetric): SpbMetric {
  const decoded = decodePayload(encodePayload({ metrics: [metric] }));
  expect(decoded.metrics).toHaveLength(1);
  return decoded.metrics[0]!;
}

/** Bytes of a payload written field by field, for what our encoder refuses to write. */
function wireBytes(...metrics: WireMetric[]): Uint8Array {
  return PayloadType.encode({ metrics }).finish();
}

describe('round trip of every supported type', () => {
  it.each<[string, number, SpbValue]>([
    ['Int8 min', T.Int8, -128],
    ['Int8 max', T.Int8, 127],
    ['Int8 -1', T.Int8, -1],
    ['Int16 min', T.Int16, -32768],
    ['Int16 max', T.Int16, 32767],
    ['Int32 min', T.Int32, -2147483648],
    ['Int32 max', T.Int32, 2147483647],
    ['Int64 min', T.Int64, '-9223372036854775808'],
    ['Int64 max', T.Int64, '9223372036854775807'],
    ['Int64 -1', T.Int64, '-1'],
    ['Int64 below -2^53', T.Int64, '-9007199254740993'],
    ['UInt8 max', T.UInt8, 255],
    ['UInt16 max', T.UInt16, 65535],
    ['UInt32 max', T.UInt32, 4294967295],
    ['UInt64 0', T.UInt64, '0'],
    ['UInt64 max', T.UInt64, '18446744073709551615'],
    ['UInt64 2^53+1', T.UInt64, '9007199254740993'],
    ['Float', T.Float, 3.140625],
    ['Float negative', T.Float, -0.5],
    ['Double', T.Double, 0.1 + 0.2],
    ['Double negative', T.Double, -1.7976931348623157e308],
    ['Boolean true', T.Boolean, true],
    ['Boolean false', T.Boolean, false],
    ['String', T.String, 'Température 温度 🌡️'],
    ['String empty', T.String, ''],
    ['DateTime', T.DateTime, 1700000000123],
    ['Text', T.Text, 'line 1\nline 2'],
    ['UUID', T.UUID, '123e4567-e89b-12d3-a456-426614174000'],
  ])('%s', (_label, datatype, value) => {
    const back = roundTrip({ name: 'm', datatype, value });
    expect(back).toEqual({ name: 'm', datatype, value });
    expect(back.unsupported).toBeUndefined();
  });

  it('keeps a Float that float32 cannot hold exactly to its float32 value', () => {
    expect(roundTrip({ name: 'f', datatype: T.Float, value: 0.1 }).value).toBe(Math.fround(0.1));
  });

  it('writes Int8/Int16 as two\u2019s complement of their width, Int32 and Int64 of theirs', () => {
    const wire = (datatype: number, value: SpbValue) =>
      PayloadType.decode(encodePayload({ metrics: [{ datatype, value }] })).toJSON().metrics[0];
    expect(wire(T.Int8, -1).intValue).toBe(255);
    expect(wire(T.Int16, -2).intValue).toBe(65534);
    expect(wire(T.Int32, -1).intValue).toBe(4294967295);
    expect(wire(T.Int64, '-1').longValue).toBe('18446744073709551615');
  });

  it.each(SUPPORTED_DATATYPES)('null of type %i', (datatype) => {
    const back = roundTrip({ name: 'n', datatype, value: null });
    expect(back).toEqual({ name: 'n', datatype, isNull: true, value: null });
  });

  it('keeps payload and metric fields: timestamps, seq, uuid, big aliases, flags, properties', () => {
    const payload = {
      timestamp: 1700000000000,
      seq: 255,
      uuid: 'schema-1',
      metrics: [
        {
          name: 'Line/Speed',
          alias: '18446744073709551615',
          timestamp: 1700000000001,
          datatype: T.Double,
          isHistorical: true,
          isTransient: false,
          value: 12.5,
          properties: { engUnit: 'm/s', engLow: 0, engHigh: 40.5, readOnly: true, note: null },
        },
        { alias: '9007199254740993', datatype: T.Int32, value: 7 },
        { alias: '0', datatype: T.Boolean, value: false },
      ],
    };
    expect(decodePayload(encodePayload(payload))).toEqual(payload);
  });

  it('leaves absent fields out rather than reading protobuf defaults', () => {
    const decoded = decodePayload(encodePayload({ metrics: [{ datatype: T.Int32, value: 0 }] }));
    expect(decoded).toStrictEqual({ metrics: [{ datatype: T.Int32, value: 0 }] });
    expect(decodePayload(new Uint8Array(0))).toStrictEqual({ metrics: [] });
  });
});

describe('decoding what other senders write', () => {
  it('sign-extends 32-bit two\u2019s complement too (Tahu Java writes Int8 -1 as 4294967295)', () => {
    const { metrics } = decodePayload(
      wireBytes(
        { name: 'a', datatype: T.Int8, intValue: 4294967295 },
        { name: 'b', datatype: T.Int16, intValue: 4294934528 },
        { name: 'c', datatype: T.UInt32, longValue: { low: -1, high: 0 } },
        { name: 'd', datatype: T.Double, floatValue: 1.5 },
        { name: 'e', datatype: T.UInt64, intValue: 42 },
      ),
    );
    expect(metrics.map((m) => m.value)).toEqual([-1, -32768, 4294967295, 1.5, '42']);
  });

  it('decodes DataSet, Template, Bytes, File and array metrics as unsupported, by name', () => {
    const { metrics } = decodePayload(
      wireBytes(
        {
          name: 'ds',
          datatype: T.DataSet,
          datasetValue: { numOfColumns: 1, columns: ['c'], types: [T.Int32] },
        },
        { name: 'tpl', datatype: T.Template, templateValue: { version: '1', isDefinition: true } },
        { name: 'raw', datatype: T.Bytes, bytesValue: new Uint8Array([1, 2, 3]) },
        { name: 'file', datatype: T.File, bytesValue: new Uint8Array([4]) },
        { name: 'arr', datatype: T.Int32Array, bytesValue: new Uint8Array([0xff, 0xff, 0xff, 0xff]) },
        { name: 'odd', datatype: 99, intValue: 1 },
        { name: 'untyped', bytesValue: new Uint8Array([1]) },
      ),
    );
    expect(metrics.map((m) => [m.name, m.unsupported, m.value])).toEqual([
      ['ds', 'DataSet', null],
      ['tpl', 'Template', null],
      ['raw', 'Bytes', null],
      ['file', 'File', null],
      ['arr', 'Int32Array', null],
      ['odd', 'Unknown(99)', null],
      ['untyped', 'Bytes', null],
    ]);
  });

  it('types DATA metrics sent without datatype from the lookup, and gives the raw value without one', () => {
    const bytes = wireBytes(
      { alias: 1, intValue: 255 },
      { alias: 2, longValue: { low: -1, high: -1 } },
      { alias: 3, stringValue: 'x' },
    );
    const birth = new Map([
      ['1', T.Int8],
      ['2', T.Int64],
    ]);
    const typed = decodePayload(bytes, (alias) => birth.get(alias!));
    expect(typed.metrics).toEqual([
      { alias: '1', datatype: T.Int8, value: -1 },
      { alias: '2', datatype: T.Int64, value: '-1' },
      { alias: '3', value: 'x' },
    ]);
    expect(decodePayload(bytes).metrics.map((m) => m.value)).toEqual([255, '18446744073709551615', 'x']);
  });

  it('refuses a value field that contradicts the datatype, naming the metric', () => {
    expect(() =>
      decodePayload(wireBytes({ name: 'Pump/On', datatype: T.Boolean, stringValue: 'yes' })),
    ).toThrow(new SpbError('metric "Pump/On": a Boolean cannot carry stringValue'));
  });

  it('gives null for a metric without a value', () => {
    expect(decodePayload(wireBytes({ name: 'x', datatype: T.Int32 })).metrics[0]!.value).toBeNull();
  });

  it.each<[string, Uint8Array]>([
    ['truncated length', new Uint8Array([0x12, 0xff])],
    ['invalid wire type', new Uint8Array([0x57, 0x01])],
    ['metric cut short', new Uint8Array([0x12, 0x05, 0x0a, 0x03, 0x61])],
    ['JSON text', new TextEncoder().encode('{"online":true}')],
  ])('throws SpbError on malformed bytes: %s', (_label, bytes) => {
    expect(() => decodePayload(bytes)).toThrow(SpbError);
  });

  it('throws SpbError on what is not bytes', () => {
    expect(() => decodePayload('abc' as unknown as Uint8Array)).toThrow(SpbError);
  });
});

describe('encoding refusals', () => {
  const supported =
    'supported types: Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float, Double, Boolean, String, DateTime, Text, UUID';

  it.each([
    ['DataSet', T.DataSet],
    ['Template', T.Template],
    ['Bytes', T.Bytes],
    ['Int32Array', T.Int32Array],
  ])('refuses %s, naming the supported types', (name, datatype) => {
    const metric = { name: 'x', datatype, value: null, unsupported: name };
    expect(() => encodePayload({ metrics: [metric] })).toThrow(
      new SpbError(`metric "x": Sparkplug data type ${name} (${datatype}) is not supported; ${supported}`),
    );
  });

  it.each<[number, unknown, string]>([
    [T.Int8, 128, 'Int8 takes an integer from -128 to 127, not 128'],
    [T.Int8, -129, 'Int8 takes an integer from -128 to 127, not -129'],
    [T.Int16, 32768, 'Int16 takes an integer from -32768 to 32767, not 32768'],
    [T.Int32, 2147483648, 'Int32 takes an integer from -2147483648 to 2147483647, not 2147483648'],
    [T.Int32, 1.5, 'Int32 takes an integer from -2147483648 to 2147483647, not 1.5'],
    [T.UInt8, -1, 'UInt8 takes an integer from 0 to 255, not -1'],
    [T.UInt16, 65536, 'UInt16 takes an integer from 0 to 65535, not 65536'],
    [T.UInt32, 4294967296, 'UInt32 takes an integer from 0 to 4294967295, not 4294967296'],
    [T.UInt32, '5', 'UInt32 takes an integer from 0 to 4294967295, not "5"'],
    [T.Int64, '9223372036854775808', 'Int64 takes decimal text within 64 bits, not "9223372036854775808"'],
    [T.Int64, 5, 'Int64 takes decimal text within 64 bits, not 5'],
    [T.UInt64, '-1', 'UInt64 takes non-negative decimal text within 64 bits, not "-1"'],
    [
      T.UInt64,
      '18446744073709551616',
      'UInt64 takes non-negative decimal text within 64 bits, not "18446744073709551616"',
    ],
    [T.UInt64, '1e3', 'UInt64 takes non-negative decimal text within 64 bits, not "1e3"'],
    [T.Float, 1e39, 'Float takes a number within float32 range, not 1e+39'],
    [T.Double, '1.5', 'Double takes a number, not "1.5"'],
    [T.Boolean, 1, 'Boolean takes true or false, not 1'],
    [T.String, 5, 'String takes a string, not 5'],
    [T.DateTime, -1, 'DateTime takes ms since the epoch (a non-negative integer), not -1'],
  ])('refuses type %i value %j', (datatype, value, message) => {
    const metric = { name: 'm', datatype, value } as SpbMetric;
    expect(() => encodePayload({ metrics: [metric] })).toThrow(new SpbError(`metric "m": ${message}`));
  });

  it('refuses a metric without datatype, a bad alias, seq or timestamp', () => {
    expect(() => encodePayload({ metrics: [{ alias: '3', value: 1 }] })).toThrow(
      new SpbError('metric alias 3: datatype missing'),
    );
    const ok = { name: 'm', datatype: T.Int32, value: 1 };
    expect(() => encodePayload({ metrics: [{ ...ok, alias: '-1' }] })).toThrow(/alias must be uint64/);
    expect(() => encodePayload({ seq: 256, metrics: [ok] })).toThrow(
      new SpbError('seq must be 0..255, not 256'),
    );
    expect(() => encodePayload({ timestamp: 1.5, metrics: [ok] })).toThrow(SpbError);
  });
});
