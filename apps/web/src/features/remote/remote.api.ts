import {
  RemotePaths,
  type RemoteOpenBody,
  type RemoteSession,
  type RemoteSessionRecord,
  type TunnelStatus,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

export interface RemoteSessionsPage {
  total: number;
  items: RemoteSessionRecord[];
}

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * Remote access calls (contract: remote.api.ts of the domain). Opening is manual: its failures
 * (offline, VNC off, traffic, the 12G prompt) are states of the remote screen, not toasts.
 */
export const remoteApi = {
  open: (body: RemoteOpenBody) => http.post<RemoteSession>(RemotePaths.open, body, { manual: true }),
  close: (sessionId: number) =>
    http.post<RemoteSessionRecord>(RemotePaths.close, { session_id: sessionId }, { manual: true }),
  session: (sessionId: number, signal?: AbortSignal) =>
    http.get<RemoteSessionRecord>(RemotePaths.session, {
      params: { session_id: sessionId },
      ...signalOf(signal),
    }),
  sessions: (deviceId: number, page: number, pageSize: number, signal?: AbortSignal) =>
    http.get<RemoteSessionsPage>(RemotePaths.sessions, {
      params: { device_id: deviceId, page, page_size: pageSize },
      ...signalOf(signal),
    }),
  status: (deviceIds: readonly number[], signal?: AbortSignal) =>
    http.get<TunnelStatus[]>(RemotePaths.status, {
      params: { device_ids: deviceIds.join(',') },
      ...signalOf(signal),
    }),
};

export const remoteKeys = {
  all: ['remote'] as const,
  session: (sessionId: number) => ['remote', 'session', sessionId] as const,
  sessions: (deviceId: number) => ['remote', 'sessions', deviceId] as const,
  sessionsPage: (deviceId: number, page: number, pageSize: number) =>
    ['remote', 'sessions', deviceId, page, pageSize] as const,
  status: (key: string) => ['remote', 'status', key] as const,
  statusAll: ['remote', 'status'] as const,
};
