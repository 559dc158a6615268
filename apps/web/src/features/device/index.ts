/** Public entry of features/device: what other features use of it (the only way they reach it). */
export { OnlineBadge } from './OnlineBadge.tsx';
export { SyncStateTag } from './SyncStateTag.tsx';
export { deviceApi } from './device.api.ts';
export { relativeTime } from './relative-time.ts';
export { useDeviceList } from './use-device-queries.ts';
