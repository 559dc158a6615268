/** Remote access (issue 17): the remote module's public entry. */
export { remoteRoutes, CLI_CLIENT_ID } from './remote.routes.ts';
export { deviceBaseUrl } from './device-base-url.ts';
export { RfbViewFilter } from './rfb-view-filter.ts';
export type { RemoteEndEvent } from './tunnel-status.ts';
export type { RemoteSessionChange } from './tunnel-hub.ts';
