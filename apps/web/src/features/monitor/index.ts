/** Public entry of features/monitor: what other features use of it (the only way they reach it). */
export { type TagQuality, formatTagValue, tagQuality } from './tag-value.ts';
