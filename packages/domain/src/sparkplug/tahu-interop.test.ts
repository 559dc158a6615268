import Long from 'long';
import { get } from 'sparkplug-payload';
import type { UMetric, UPayload } from 'sparkplug-payload/lib/sparkplugbpayload';
import { describe, expect, it } from 'vitest';
import { DataType as T } from './data-types.ts';
import { decodePayload, encodePayload, type SpbMetric } from './payload-codec.ts';

/**
 * Cross-check against an implementation nobody here wrote: Eclipse Tahu's own JavaScript codec
 * (npm `sparkplug-payload` 1.0.3, protobufjs 6 and a static module generated from the same proto).
 */
const tahu = get('spBv1.0')!;

/** Tahu's types want its own long@4 Long; any {low, high, unsigned} object encodes the same. */
const long = (text: string, unsigned: boolean) =>
  Long.fromString(text, unsigned) as unknown as UMetric['value'];

describe('payloads written by Tahu decode with ours', () => {
  const payload: UPayload = {
    timestamp: 1700000000000,
    seq: 4,
    metrics: [
      { name: 'i64 min', type: 'Int64', value: long('-9223372036854775808', false) },
      { name: 'i64 -1', type: 'Int64', value: long('-1', false) },
      { name: 'u64 max', type: 'UInt64', value: long('18446744073709551615', true) },
      { name: 'u64 2^53+1', type: 'UInt64', value: long('9007199254740993', true) },
      { name: 'i8', type: 'Int8', value: -128 },
      { name: 'i16', type: 'Int16', value: -2 },
      { name: 'i32', type: 'Int32', value: -2147483648 },
      { name: 'u32', type: 'UInt32', value: 4294967295 },
      { name: 'bool', type: 'Boolean', value: true },
      { name: 'str', type: 'String', value: 'Grüße 你好' },
      { name: 'dbl', type: 'Double', value: -123.456 },
      { name: 'flt', type: 'Float', value: 0.25 },
      { name: 'when', type: 'DateTime', value: 1700000000123 },
      { name: 'none', type: 'Int32', value: null },
      {
        name: 'aliased',
        type: 'Int32',
        value: 1,
        alias: long('18446744073709551614', true) as Long,
        timestamp: 1700000000001,
      },
    ] as UMetric[],
  };

  it('reads every value exactly', () => {
    const decoded = decodePayload(tahu.encodePayload(payload));
    expect(decoded.timestamp).toBe(1700000000000);
    expect(decoded.seq).toBe(4);
    expect(decoded.metrics.map((m) => [m.name, m.value])).toEqual([
      ['i64 min', '-9223372036854775808'],
      ['i64 -1', '-1'],
      ['u64 max', '18446744073709551615'],
      ['u64 2^53+1', '9007199254740993'],
      ['i8', -128],
      ['i16', -2],
      ['i32', -2147483648],
      ['u32', 4294967295],
      ['bool', true],
      ['str', 'Grüße 你好'],
      ['dbl', -123.456],
      ['flt', 0.25],
      ['when', 1700000000123],
      ['none', null],
      ['aliased', 1],
    ]);
    expect(decoded.metrics[13]!.isNull).toBe(true);
    expect(decoded.metrics[14]).toMatchObject({ alias: '18446744073709551614', timestamp: 1700000000001 });
  });

  it('reports Tahu DataSet and Template metrics as unsupported, by name', () => {
    const decoded = decodePayload(
      tahu.encodePayload({
        metrics: [
          {
            name: 'table',
            type: 'DataSet',
            value: { numOfColumns: 1, columns: ['a'], types: ['Int32'], rows: [[1], [2]] },
          },
          { name: 'udt', type: 'Template', value: { isDefinition: true, metrics: [], parameters: [] } },
          { name: 'blob', type: 'Bytes', value: new Uint8Array([1, 2]) },
        ],
      }),
    );
    expect(decoded.metrics.map((m) => [m.name, m.unsupported, m.value])).toEqual([
      ['table', 'DataSet', null],
      ['udt', 'Template', null],
      ['blob', 'Bytes', null],
    ]);
  });
});

describe('payloads written by ours decode with Tahu', () => {
  const metrics: SpbMetric[] = [
    { name: 'i64 min', datatype: T.Int64, value: '-9223372036854775808' },
    { name: 'i64 -1', datatype: T.Int64, value: '-1' },
    { name: 'u64 max', datatype: T.UInt64, value: '18446744073709551615' },
    { name: 'u64 2^53+1', datatype: T.UInt64, value: '9007199254740993' },
    { name: 'i32', datatype: T.Int32, value: -2147483648 },
    { name: 'u16', datatype: T.UInt16, value: 65535 },
    { name: 'bool', datatype: T.Boolean, value: false },
    { name: 'str', datatype: T.String, value: 'Grüße 你好' },
    { name: 'dbl', datatype: T.Double, value: 1e-300 },
    { name: 'flt', datatype: T.Float, value: -2.5 },
    { name: 'null', datatype: T.String, value: null },
    { alias: '18446744073709551615', timestamp: 1700000000001, datatype: T.Int16, value: 300 },
  ];

  it('reads every value exactly', () => {
    const decoded = tahu.decodePayload(encodePayload({ timestamp: 1700000000000, seq: 9, metrics }));
    const text = (v: unknown) => (v instanceof Object && 'toString' in v ? v.toString() : v);
    // Tahu turns an Int64 to signed only when the Long is an instance of its own long@4, but its
    // protobufjs 6 finds `long` through @protobufjs/inquire, which npm hoists next to our long@5:
    // so Tahu hands back the raw unsigned Long. Reading it signed as Tahu means to still checks
    // the exact 64 bits it decoded.
    const signed = (v: unknown) =>
      Long.fromValue(v as Long)
        .toSigned()
        .toString();
    expect(text(decoded.timestamp)).toBe('1700000000000');
    expect(text(decoded.seq)).toBe('9');
    const values = decoded.metrics!.map((m) => [
      m.type,
      m.type === 'Int64' ? signed(m.value) : text(m.value),
    ]);
    expect(values).toEqual([
      ['Int64', '-9223372036854775808'],
      ['Int64', '-1'],
      ['UInt64', '18446744073709551615'],
      ['UInt64', '9007199254740993'],
      ['Int32', -2147483648],
      ['UInt16', 65535],
      ['Boolean', false],
      ['String', 'Grüße 你好'],
      ['Double', 1e-300],
      ['Float', -2.5],
      ['String', null],
      ['Int16', 300],
    ]);
    expect(text(decoded.metrics![11]!.alias)).toBe('18446744073709551615');
    expect(text(decoded.metrics![11]!.timestamp)).toBe('1700000000001');
  });
});
