/*
 * Sparkplug B 3.0: payload codec (protobufjs, Tahu's sparkplug_b.proto), topics and STATE.
 * A subpath of its own (`@hmi/domain/sparkplug`), never re-exported from the domain's index: the
 * web app imports that index and must not pull in protobufjs or node:fs.
 */
export { DataType, dataTypeName, SUPPORTED_DATATYPES, isSupportedDataType, tagTypeOf } from './data-types.ts';
export { type SpbValue, toMetricValue } from './metric-value.ts';
export {
  type SpbMetric,
  type SpbPayload,
  type SpbTypeLookup,
  decodePayload,
  encodePayload,
  BDSEQ_METRIC,
  REBIRTH_METRIC,
} from './payload-codec.ts';
export { SpbError } from './spb-error.ts';
export {
  SPB_NAMESPACE,
  type SpbMessageType,
  type SpbTopic,
  parseSpbTopic,
  spbTopic,
  stateTopic,
  encodeState,
  decodeState,
} from './topics.ts';
