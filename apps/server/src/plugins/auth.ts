import { ErrorCode, type PermId } from '@hmi/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/current-user.ts';
import type { DataScope } from '../lib/data-scope.ts';

/** Who calls: the user of a request's Authorization header (the session module's PrincipalService). */
export interface RequestAuthenticator {
  /** The caller; throws AppError 1008 (no token), 1009 (invalid, expired, session ended), 1055 (closed). */
  fromHeader(authorization: string | undefined): Promise<CurrentUser>;
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

/**
 * How a route may be reached: without a token (`public`), by any signed-in user (`signedIn`) or
 * with every one of these permission ids (`permission`).
 */
export type RouteAccess =
  { kind: 'public' } | { kind: 'signedIn' } | { kind: 'permission'; ids: readonly PermId[] };

const ACCESS = Symbol('access-guard');
type Guard = preHandlerAsyncHookHandler & { [ACCESS]: RouteAccess };
const guard = (access: RouteAccess, fn: preHandlerAsyncHookHandler): Guard =>
  Object.assign(fn, { [ACCESS]: access });
const isGuard = (fn: unknown): fn is Guard => typeof fn === 'function' && ACCESS in fn;

/**
 * The access rule a route declares: its `config.public` mark, else its guards (several
 * permission guards add up); undefined when it declares none.
 */
export function accessOf(route: { config?: unknown; preHandler?: unknown }): RouteAccess | undefined {
  if ((route.config as { public?: boolean } | undefined)?.public) return { kind: 'public' };
  const guards = [route.preHandler].flat().filter(isGuard);
  if (guards.length === 0) return undefined;
  const ids = guards.flatMap((g) => (g[ACCESS].kind === 'permission' ? g[ACCESS].ids : []));
  return ids.length > 0 ? { kind: 'permission', ids: [...new Set(ids)] } : { kind: 'signedIn' };
}

/** The caller; throws 1008 on a public route (where there may be none). */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(ErrorCode.E1008_AUTH_HEADER_MISSING);
  return request.currentUser;
}

/** The caller's data scope, for every query on team data. */
export const scopeOf = (request: FastifyRequest): DataScope => requireUser(request).scope;

/** Access rule of routes that need only a signed-in user (own account, own messages). */
export const signedIn: Guard = guard({ kind: 'signedIn' }, async (request) => {
  requireUser(request);
});

/** Access rule: the caller must hold every one of these permission ids (else 1002). */
export function requirePermission(...ids: PermId[]): Guard {
  return guard({ kind: 'permission', ids }, async (request) => {
    const user = requireUser(request);
    if (!ids.every((id) => user.permissions.has(id))) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
  });
}

/**
 * Authentication, deny by default: every route of the scope it is registered in requires a valid
 * access token unless marked `config: { public: true }`, and every route must declare its access
 * rule (public, `signedIn` or `requirePermission(...)`) or the app refuses to start.
 * 1008 no token, 1009 invalid/expired token or ended session, 1055 closed account (on every call).
 */
export interface ApiKeyRules {
  /** Routes (their URL pattern) a key never reaches: the account itself, keys, sessions. */
  refused(url: string): boolean;
  /** Records a write made with a key, after its answer. */
  recordWrite(caller: CurrentUser, method: string, url: string, status: number): Promise<void>;
}

const READS = new Set(['GET', 'HEAD']);

export const authPlugin = fp<{ principals: RequestAuthenticator; apiKeys?: ApiKeyRules }>(
  async (app, { principals, apiKeys }) => {
    app.decorateRequest('currentUser', null);

    app.addHook('onRoute', (route) => {
      if (!accessOf(route)) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no access rule: use config.public, signedIn or requirePermission()`,
        );
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.public) return;
      const caller = await principals.fromHeader(request.headers.authorization);
      request.currentUser = caller;
      // A key: never the account's own routes, and only reads when it is read-only (1002).
      if (
        caller.apiKey &&
        (apiKeys?.refused(request.routeOptions.url ?? '') ||
          (caller.apiKey.readOnly && !READS.has(request.method)))
      ) {
        throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
      }
    });

    // Every write made with a key is recorded with the key's name (docs/api.md, API keys).
    app.addHook('onResponse', async (request, reply) => {
      const caller = request.currentUser;
      if (!caller?.apiKey || READS.has(request.method) || !apiKeys) return;
      await apiKeys
        .recordWrite(caller, request.method, request.url.split('?')[0] ?? '', reply.statusCode)
        .catch((err: unknown) => request.log.error({ err }, 'api key: write not recorded'));
    });
  },
  { name: 'auth' },
);
