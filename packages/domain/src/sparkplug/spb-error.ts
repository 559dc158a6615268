/** Bytes, a value or a topic that is not Sparkplug B, or not what this cloud supports. */
export class SpbError extends Error {
  override name = 'SpbError';
}
