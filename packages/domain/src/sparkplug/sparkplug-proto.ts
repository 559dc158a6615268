import { readFileSync } from 'node:fs';
import Long from 'long';
import protobuf from 'protobufjs';

/*
 * The official Tahu definition is parsed once when this module loads (a few ms), rather than
 * generated into a static module with pbjs: nothing to regenerate, and protobufjs still compiles
 * each message type's decoder and encoder into a plain function on first use, so decoding is as
 * fast as with the static module. Fields are camelCase (`int_value` -> `intValue`).
 */

// uint64 fields (alias, timestamps, long_value) must come back exact: protobufjs returns them as
// Long only when it has the `long` library, otherwise as a lossy number. It finds the library by
// itself under Node; this makes it certain (e.g. when bundled) without replacing one it found.
if (!protobuf.util.Long) {
  protobuf.util.Long = Long;
  protobuf.configure();
}

const source = readFileSync(new URL('./sparkplug_b.proto', import.meta.url), 'utf8');
const root = protobuf.parse(source).root;
root.resolveAll();
clearDefaults(root);

/**
 * protobufjs puts each field's default (0, '', false, Long zero, null) on the message prototype,
 * so an absent proto2 field reads as its default. Removed, an absent field reads undefined and
 * presence is a plain `!== undefined`: about twice cheaper on the hot path than `Object.hasOwn`
 * for each field. Nothing reads them back: fields are resolved once, above, and we never use
 * toObject or verify.
 */
function clearDefaults(namespace: protobuf.Namespace): void {
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) {
      const prototype = nested.ctor.prototype as Record<string, unknown>;
      for (const field of nested.fieldsArray) delete prototype[field.name];
    }
    if (nested instanceof protobuf.Namespace) clearDefaults(nested);
  }
}

/** `org.eclipse.tahu.protobuf.Payload`, compiled. */
export const PayloadType = root.lookupType('org.eclipse.tahu.protobuf.Payload');

/**
 * A uint64 as protobufjs reads it (a Long: two 32-bit halves, `low` and `high` as signed ints).
 * Encoding takes this shape too, or a number when it is a safe integer.
 */
export interface WireLong {
  low: number;
  high: number;
}

/** The value fields shared by Metric and PropertyValue (a oneof: at most one is present). */
export interface WireValue {
  intValue?: number;
  longValue?: WireLong | number;
  floatValue?: number;
  doubleValue?: number;
  booleanValue?: boolean;
  stringValue?: string;
}

export interface WirePropertyValue extends WireValue {
  type?: number;
  isNull?: boolean;
  propertysetValue?: unknown;
  propertysetsValue?: unknown;
  extensionValue?: unknown;
}

export interface WirePropertySet {
  keys?: string[];
  values?: WirePropertyValue[];
}

export interface WireMetric extends WireValue {
  name?: string;
  alias?: WireLong | number;
  timestamp?: WireLong | number;
  datatype?: number;
  isHistorical?: boolean;
  isTransient?: boolean;
  isNull?: boolean;
  metadata?: unknown;
  properties?: WirePropertySet;
  bytesValue?: Uint8Array;
  datasetValue?: unknown;
  templateValue?: unknown;
  extensionValue?: unknown;
}

/** A decoded or to-be-encoded Payload; in a decoded one, an absent field is undefined. */
export interface WirePayload {
  timestamp?: WireLong | number;
  metrics?: WireMetric[];
  seq?: WireLong | number;
  uuid?: string;
  body?: Uint8Array;
}
