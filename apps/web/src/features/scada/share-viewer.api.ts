import {
  AssetPaths,
  ErrorCode,
  SharePaths,
  ShareTokenHeader,
  type ProjectScreen,
  type SharedProject,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { envelopeOrBytes } from '../history/index.ts';
import type { AssetFiles } from './use-asset-urls.ts';

/*
 * The calls of /scada's share viewer (contract: packages/domain/src/api/project-share.api.ts) and
 * the signed-in runtime's picture bytes. A viewer has no session: its token goes in the
 * X-Share-Token header, and every call is manual, so a refused token (1001) is the viewer's to
 * show ("this link has expired or was revoked") and never starts the client's session logic
 * (refresh on 1008/1009, back to the login).
 */

const withToken = (token: string, signal?: AbortSignal) => ({
  headers: { [ShareTokenHeader]: token },
  manual: true,
  ...(signal ? { signal } : {}),
});

const bytes = () => ({ responseType: 'arraybuffer' as const, transformResponse: [envelopeOrBytes] });

export const shareViewerApi = {
  project: (token: string, signal?: AbortSignal) =>
    http.get<SharedProject>(SharePaths.project, withToken(token, signal)),
  screen: (token: string, id: number, signal?: AbortSignal) =>
    http.get<ProjectScreen>(SharePaths.screen, { params: { id }, ...withToken(token, signal) }),
  assetFile: (token: string, id: number, signal?: AbortSignal) =>
    http.get<ArrayBuffer>(SharePaths.assetFile, { params: { id }, ...bytes(), ...withToken(token, signal) }),
};

export const shareViewerKeys = {
  /** The token is in the key: another link is another project. */
  project: (token: string) => ['scada', 'share', token, 'project'] as const,
  screen: (token: string, id: number) => ['scada', 'share', token, 'screen', id] as const,
  assetFile: (token: string, id: number) => ['scada', 'share', token, 'asset', id] as const,
};

/** A share viewer's pictures and drawings. */
export const shareAssetFiles = (token: string): AssetFiles => ({
  key: (id) => shareViewerKeys.assetFile(token, id),
  fetch: (id, signal) => shareViewerApi.assetFile(token, id, signal),
});

/** The signed-in runtime's pictures and drawings (the session's token; the designer's cache key). */
export const sessionAssetFiles: AssetFiles = {
  key: (id) => ['project', 'asset-file', id] as const,
  fetch: (id, signal) =>
    http.get<ArrayBuffer>(AssetPaths.file, { params: { id }, ...bytes(), manual: true, signal }),
};

/** The link no longer opens the project: its token was refused (revoked, expired or unknown). */
export const isShareRefused = (e: unknown): boolean =>
  isApiError(e) && e.code === ErrorCode.E1001_AUTHENTICATION;

export type ShareViewState = 'loading' | 'ended' | 'failed' | 'ready';

/**
 * What the viewer shows: ended once the token was refused (a 1001 on any call) or the socket
 * closed for it (4001), and it stays ended; a failure otherwise (network, 1036) offers a retry.
 */
export function shareViewState(v: { ended: boolean; error: unknown; hasData: boolean }): ShareViewState {
  if (v.ended || isShareRefused(v.error)) return 'ended';
  if (v.error != null) return 'failed';
  return v.hasData ? 'ready' : 'loading';
}
