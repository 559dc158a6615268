export * from './identity.ts';
export * from './signals.ts';
export * from './simulated-device.ts';
export * from './sparkplug-edge-node.ts';
