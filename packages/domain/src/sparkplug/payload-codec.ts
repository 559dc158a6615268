import { DataType, dataTypeName, isSupportedDataType } from './data-types.ts';
import {
  decimalToLong,
  longToNumber,
  readRawValue,
  readValue,
  unsignedText,
  unsupportedText,
  valueField,
  writeValue,
  type SpbValue,
} from './metric-value.ts';
import {
  PayloadType,
  type WireMetric,
  type WirePayload,
  type WirePropertySet,
  type WirePropertyValue,
} from './sparkplug-proto.ts';
import { SpbError } from './spb-error.ts';

/** The UInt64 metric of NBIRTH and NDEATH that pairs an edge node's birth with its death. */
export const BDSEQ_METRIC = 'bdSeq';
/** The NCMD metric (Boolean true) that asks an edge node to publish its births again. */
export const REBIRTH_METRIC = 'Node Control/Rebirth';

export interface SpbMetric {
  name?: string;
  /** uint64 alias as exact decimal text */
  alias?: string;
  /** ms since epoch */
  timestamp?: number;
  /** From the payload; when absent (DATA messages usually omit it), from the decoder's lookup. */
  datatype?: number;
  isHistorical?: boolean;
  isTransient?: boolean;
  isNull?: boolean;
  /**
   * Int8..Int32, UInt8..UInt32, Float, Double: number; Int64 and UInt64: exact decimal text,
   * signed for Int64; DateTime: number (ms); Boolean: boolean; String/Text/UUID: string; null when
   * is_null or no value. For an unsupported type: null, and `unsupported` set. When the type is
   * not known at all (no datatype, no lookup): the wire value as is (uint32 number, uint64 text).
   */
  value: SpbValue;
  /** The type name (e.g. 'DataSet', 'Template', 'Bytes', 'Int32Array') when not supported. */
  unsupported?: string;
  /** Simple-typed properties only (engUnit, engLow, engHigh, readOnly...), values as above. */
  properties?: Record<string, SpbValue>;
}

export interface SpbPayload {
  timestamp?: number;
  seq?: number;
  uuid?: string;
  metrics: SpbMetric[];
}

/**
 * The datatype of a metric that arrives without one (per the spec, NDATA/DDATA/NCMD/DCMD metrics
 * should omit it): what the birth certificate said for this alias or name, or undefined.
 */
export type SpbTypeLookup = (alias: string | undefined, name: string | undefined) => number | undefined;

/**
 * Decodes a Sparkplug B payload. Throws SpbError on bytes that are not one, or on a metric whose
 * value field contradicts its datatype. Int8/Int16/Int32 arrive in int_value as two's complement
 * (of their width, or of 32 bits), Int64 in long_value as 64-bit two's complement: back to signed.
 * `typeOf` supplies the types of metrics sent without one; pass one made once per edge node (not
 * per message).
 */
export function decodePayload(bytes: Uint8Array, typeOf?: SpbTypeLookup): SpbPayload {
  if (!(bytes instanceof Uint8Array)) throw new SpbError('a Sparkplug B payload must be bytes');
  let wire: WirePayload;
  try {
    wire = PayloadType.decode(bytes) as WirePayload;
  } catch (err) {
    throw new SpbError(`not a Sparkplug B payload: ${(err as Error).message}`, { cause: err });
  }
  const wireMetrics = wire.metrics ?? [];
  const metrics = new Array<SpbMetric>(wireMetrics.length);
  for (let i = 0; i < wireMetrics.length; i++) metrics[i] = decodeMetric(wireMetrics[i]!, typeOf);
  const payload: SpbPayload = { metrics };
  if (wire.timestamp !== undefined) payload.timestamp = longToNumber(wire.timestamp);
  if (wire.seq !== undefined) payload.seq = longToNumber(wire.seq);
  if (wire.uuid !== undefined) payload.uuid = wire.uuid;
  return payload;
}

function decodeMetric(w: WireMetric, typeOf: SpbTypeLookup | undefined): SpbMetric {
  const metric: SpbMetric = { value: null };
  if (w.name !== undefined) metric.name = w.name;
  if (w.alias !== undefined) metric.alias = unsignedText(w.alias);
  if (w.timestamp !== undefined) metric.timestamp = longToNumber(w.timestamp);
  let datatype = w.datatype;
  if (datatype === undefined && typeOf) datatype = typeOf(metric.alias, metric.name);
  if (datatype !== undefined) metric.datatype = datatype;
  if (w.isHistorical !== undefined) metric.isHistorical = w.isHistorical;
  if (w.isTransient !== undefined) metric.isTransient = w.isTransient;
  if (w.isNull) metric.isNull = true;
  if (w.properties) metric.properties = decodeProperties(w.properties);

  if (datatype === undefined) {
    const field = metric.isNull ? undefined : valueField(w);
    if (field === 'bytesValue') metric.unsupported = 'Bytes';
    else if (field === 'datasetValue') metric.unsupported = 'DataSet';
    else if (field === 'templateValue') metric.unsupported = 'Template';
    else if (field === 'extensionValue') metric.unsupported = dataTypeName(0);
    else if (!metric.isNull) metric.value = readRawValue(w);
  } else if (!isSupportedDataType(datatype)) {
    metric.unsupported = dataTypeName(datatype);
  } else if (!metric.isNull) {
    const value = readValue(datatype, w);
    if (value === undefined) {
      throw new SpbError(
        `metric ${metricLabel(metric)}: a ${dataTypeName(datatype)} cannot carry ${valueField(w)}`,
      );
    }
    metric.value = value;
  }
  return metric;
}

/** Properties of a simple type; PropertySets, lists and values that contradict their type are left out. */
function decodeProperties(set: WirePropertySet): Record<string, SpbValue> {
  const out: Record<string, SpbValue> = {};
  const keys = set.keys ?? [];
  const values = set.values ?? [];
  for (let i = 0; i < keys.length && i < values.length; i++) {
    const pv = values[i]!;
    const type = pv.type;
    let value: SpbValue | undefined;
    if (type !== undefined && !isSupportedDataType(type)) continue;
    if (pv.isNull) value = null;
    else value = type === undefined ? readRawValue(pv) : readValue(type, pv);
    if (value !== undefined) out[keys[i]!] = value;
  }
  return out;
}

/**
 * Encodes a payload, every metric with its datatype. Throws SpbError for an unsupported datatype,
 * or a value out of its type's range or of the wrong JS type (the message names metric and type).
 * Signed ints go into the unsigned fields as two's complement (of their width for Int8..Int32).
 */
export function encodePayload(payload: SpbPayload): Uint8Array {
  const wire: WirePayload = { metrics: payload.metrics.map(encodeMetric) };
  if (payload.timestamp !== undefined) wire.timestamp = checkMs(payload.timestamp, 'payload timestamp');
  if (payload.seq !== undefined) {
    const seq = payload.seq;
    if (!Number.isInteger(seq) || seq < 0 || seq > 255) throw new SpbError(`seq must be 0..255, not ${seq}`);
    wire.seq = seq;
  }
  if (payload.uuid !== undefined) wire.uuid = payload.uuid;
  return PayloadType.encode(wire).finish();
}

function encodeMetric(metric: SpbMetric): WireMetric {
  const label = metricLabel(metric);
  const datatype = metric.datatype;
  if (datatype === undefined) throw new SpbError(`metric ${label}: datatype missing`);
  if (!isSupportedDataType(datatype)) throw new SpbError(`metric ${label}: ${unsupportedText(datatype)}`);
  const w: WireMetric = { datatype };
  if (metric.name !== undefined) w.name = metric.name;
  if (metric.alias !== undefined) {
    const alias = decimalToLong(metric.alias, false);
    if (!alias) throw new SpbError(`metric ${label}: alias must be uint64 decimal text`);
    w.alias = alias;
  }
  if (metric.timestamp !== undefined) w.timestamp = checkMs(metric.timestamp, `metric ${label} timestamp`);
  if (metric.isHistorical !== undefined) w.isHistorical = metric.isHistorical;
  if (metric.isTransient !== undefined) w.isTransient = metric.isTransient;
  if (metric.isNull || metric.value === null || metric.value === undefined) {
    w.isNull = true;
  } else {
    const error = writeValue(datatype, metric.value, w);
    if (error) throw new SpbError(`metric ${label}: ${error}`);
  }
  if (metric.properties) w.properties = encodeProperties(metric.properties);
  return w;
}

/** Types follow the JS value: boolean -> Boolean, string -> String, number -> Double, null -> null String. */
function encodeProperties(properties: Record<string, SpbValue>): WirePropertySet {
  const keys: string[] = [];
  const values: WirePropertyValue[] = [];
  for (const [key, value] of Object.entries(properties)) {
    keys.push(key);
    if (typeof value === 'boolean') values.push({ type: DataType.Boolean, booleanValue: value });
    else if (typeof value === 'number') values.push({ type: DataType.Double, doubleValue: value });
    else if (typeof value === 'string') values.push({ type: DataType.String, stringValue: value });
    else values.push({ type: DataType.String, isNull: true });
  }
  return { keys, values };
}

function checkMs(ms: number, what: string): number {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new SpbError(`${what} must be ms since the epoch, not ${ms}`);
  return ms;
}

function metricLabel(metric: SpbMetric): string {
  if (metric.name !== undefined) return JSON.stringify(metric.name);
  return metric.alias !== undefined ? `alias ${metric.alias}` : '(no name)';
}
