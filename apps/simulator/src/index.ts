export * from './identity.ts';
export * from './signals.ts';
export * from './simulated-device.ts';
