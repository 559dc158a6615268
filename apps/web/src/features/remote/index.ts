/** Public entry of features/remote: what other features use of it (the only way they reach it). */
export { remoteApi, remoteKeys, type RemoteSessionsPage } from './remote.api.ts';
export { remoteAccessOf, REMOTE_VIEW_RULE, type RemoteAccess } from './remote-rights.ts';
export { TunnelStatusTag } from './TunnelStatusTag.tsx';
export { useTunnelStatusMap } from './use-tunnel-status.ts';
