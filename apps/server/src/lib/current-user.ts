import type { DataScope } from './data-scope.ts';

/** A caller that came with an API key (modules/api-key): its user narrowed by the key. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  /** Only reads (GET): anything else is 1002. */
  readOnly: boolean;
}

/** The signed-in caller of a request or socket. */
export interface CurrentUser {
  id: number;
  teamId: number;
  isMain: boolean;
  sessionId: string;
  /** Main account: every id of allPermissionIds; sub-accounts: their role's ids. */
  permissions: ReadonlySet<number>;
  scope: DataScope;
  /** Set when the caller came with an API key rather than an access token. */
  apiKey?: ApiKeyCaller;
}

/** Reloads a socket's caller (session still valid, current permissions and scope); null = signed out. */
export type PrincipalLoader = (user: CurrentUser) => Promise<CurrentUser | null>;
