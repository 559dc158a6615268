export * from './serial-number.ts';
export * from './device-topics.ts';
export * from './device-payloads.ts';
