/** Public entry of features/monitor: what other features use of it (the only way they reach it). */
export { type TagQuality, formatTagValue, isWritable, parseWriteInput, tagQuality } from './tag-value.ts';
export { monitorApi, monitorKeys } from './monitor.api.ts';
