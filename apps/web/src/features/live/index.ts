/** Public entry of features/live: what other features use of it (the only way they reach it). */
export {
  sessionSocketBase,
  sessionSocketHooks,
  sessionSocketUrl,
  setLiveShareViewer,
  type LiveShareViewer,
} from './live-connection.ts';
export {
  LiveSocket,
  type LiveSocketOptions,
  LiveSocketSettings,
  type LiveSocketStatus,
  type SocketLike,
} from './live-socket.ts';
export type { LiveWant } from './live-subscription.ts';
export { LiveValueStore, type LiveValue, useLiveValue } from './live-value-store.ts';
export { liveTab, useLiveTabState, useLiveWant } from './use-live-tab.ts';
export { type LiveTunnelStatus, tunnelStatusOfAct, useLiveDeviceStates } from './use-live-device-states.ts';
