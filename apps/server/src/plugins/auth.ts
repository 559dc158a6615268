import { allPermissionIds, ErrorCode, type PermId } from '@hmi/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { DataScope } from '../lib/data-scope.ts';
import { tokenFromHeader, type AccessTokens } from '../modules/session/access-token.ts';
import type { PrincipalRow, UserRepo } from '../modules/users/user.repo.ts';

/** The signed-in caller of a request. */
export interface CurrentUser {
  id: number;
  teamId: number;
  isMain: boolean;
  sessionId: string;
  /** Main account: every id of allPermissionIds; sub-accounts: their role's ids. */
  permissions: ReadonlySet<number>;
  scope: DataScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route; null only on public routes. */
    currentUser: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Marks a route as reachable without signing in. Everything else requires a valid token. */
    public?: boolean;
  }
}

const GUARD = Symbol('access-guard');
type Guard = preHandlerAsyncHookHandler & { [GUARD]: true };
const guard = (fn: preHandlerAsyncHookHandler): Guard => Object.assign(fn, { [GUARD]: true as const });
const isGuard = (fn: unknown): boolean => typeof fn === 'function' && GUARD in fn;

/** The caller; throws 1008 on a public route (where there may be none). */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(ErrorCode.E1008_AUTH_HEADER_MISSING);
  return request.currentUser;
}

/** The caller's data scope, for every query on team data. */
export const scopeOf = (request: FastifyRequest): DataScope => requireUser(request).scope;

/** Access rule of routes that need only a signed-in user (own account, own messages). */
export const signedIn: Guard = guard(async (request) => {
  requireUser(request);
});

/** Access rule: the caller must hold every one of these permission ids (else 1002). */
export function requirePermission(...ids: PermId[]): Guard {
  return guard(async (request) => {
    const user = requireUser(request);
    if (!ids.every((id) => user.permissions.has(id))) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
  });
}

const idSet = (json: string | null): ReadonlySet<number> => new Set<number>(json ? JSON.parse(json) : []);

/** The caller of a valid session (also used by sockets, which authenticate their query token). */
export function toCurrentUser(row: PrincipalRow, sessionId: string): CurrentUser {
  const isMain = row.is_main === 1;
  return {
    id: row.id,
    teamId: row.team_id,
    isMain,
    sessionId,
    permissions: isMain ? new Set<number>(allPermissionIds) : idSet(row.role_permissions),
    scope: {
      teamId: row.team_id,
      devices: isMain ? null : idSet(row.role_device_ids),
      groups: isMain ? null : idSet(row.role_group_ids),
      templates: isMain ? null : idSet(row.role_template_ids),
      projects: isMain ? null : idSet(row.role_project_ids),
    },
  };
}

/**
 * Authentication, deny by default: every route of the scope it is registered in requires a valid
 * access token unless marked `config: { public: true }`, and every route must declare its access
 * rule (public, `signedIn` or `requirePermission(...)`) or the app refuses to start.
 * 1008 no token, 1009 invalid/expired token or ended session, 1055 closed account (on every call).
 */
export const authPlugin = fp<{ tokens: AccessTokens; users: UserRepo }>(
  async (app, { tokens, users }) => {
    app.decorateRequest('currentUser', null);

    app.addHook('onRoute', (route) => {
      if (route.config?.public) return;
      const handlers = [route.preHandler].flat();
      if (!handlers.some(isGuard)) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no access rule: use config.public, signedIn or requirePermission()`,
        );
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public) return;
      const raw = tokenFromHeader(request.headers.authorization);
      if (!raw) throw new AppError(ErrorCode.E1008_AUTH_HEADER_MISSING);
      const claims = await tokens.verify(raw);
      const row = await users.findPrincipal(claims.userId, claims.sessionId);
      if (!row) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
      if (row.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
      if (row.session_revoked_at !== null || row.status !== 'active') {
        throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
      }
      request.currentUser = toCurrentUser(row, claims.sessionId);
    });
  },
  { name: 'auth' },
);
