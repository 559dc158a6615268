import type { DataScope } from './data-scope.ts';

/** The signed-in caller of a request or socket. */
export interface CurrentUser {
  id: number;
  teamId: number;
  isMain: boolean;
  sessionId: string;
  /** Main account: every id of allPermissionIds; sub-accounts: their role's ids. */
  permissions: ReadonlySet<number>;
  scope: DataScope;
}

/** Reloads a socket's caller (session still valid, current permissions and scope); null = signed out. */
export type PrincipalLoader = (user: CurrentUser) => Promise<CurrentUser | null>;
