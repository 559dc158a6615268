import { emptyReply, envelope, type PermId } from '@hmi/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CurrentUser } from '../lib/current-user.ts';
import { ok } from '../lib/reply.ts';
import { requirePermission, requireUser, signedIn } from './auth.ts';

/** The instance a feature's routes plugin is given. */
export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Who may call a route: a permission id, or several (every one needed, else 1002); any signed-in
 * user ('signedIn': their own account, messages, sessions); anyone ('public': no token).
 */
export type Access = PermId | readonly PermId[] | 'signedIn' | 'public';

/** The caller a route's `run` is given: none on a public route. */
type CallerOf<A extends Access> = A extends 'public' ? null : CurrentUser;

/** What a route's `run` reads: the caller and its checked query and body (the request for its ip, headers). */
export interface RouteInput<A extends Access, Q extends z.ZodType, B extends z.ZodType> {
  caller: CallerOf<A>;
  query: z.output<Q>;
  body: z.output<B>;
  request: FastifyRequest;
}

/** One ordinary JSON route: everything it is reached by and answers, declared in one place. */
export interface RouteSpec<A extends Access, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  method: 'GET' | 'POST';
  /** The route's path under /v1 (the domain's `*Paths`). */
  path: string;
  access: A;
  /** The query schema (the domain's); none: the route takes no query. */
  query?: Q;
  /** The body schema (the domain's); none: the route reads no body. */
  body?: B;
  /** The reply's `data` schema (the domain's; `emptyReply` for null), inside the `ok()` envelope. */
  reply: R;
  /** Checks after the access rule, before the body is used: per-address limits (1036). */
  limit?: preHandlerAsyncHookHandler;
  /** Codes it answers beyond those of its access rule and input, for the OpenAPI document. */
  errors?: readonly number[];
  /** One service call; its errors are AppErrors, answered by plugins/errors.ts. */
  run(input: RouteInput<A, Q, B>): Promise<z.input<R>>;
}

/** One route, type-checked where it is declared (`route`, `read`, `write`, `remove`). */
export type EntityRoute = (app: RoutesApp) => void;

/**
 * The reply schema of a route, widened: `run`'s result is checked against the reply type where
 * the route is declared, which Fastify's inference cannot follow through a generic.
 */
const replyOf = (data: z.ZodType): { 200: z.ZodType } => ({ 200: envelope(data) });

/** The access guard of a route (what the route table and the authorization matrix read). */
function guardOf(access: Access): preHandlerAsyncHookHandler | undefined {
  if (access === 'public') return undefined;
  if (access === 'signedIn') return signedIn;
  return requirePermission(...(typeof access === 'number' ? [access] : access));
}

/**
 * The one way to write an ordinary JSON route (docs/architecture.md, Request path): method,
 * path, access, the domain's query/body/reply schemas, one service call with the caller, the
 * `ok()` envelope. Team ownership is the service's (`require(caller, id)`: 1003 or the entity's
 * own code), never the route's.
 */
export function route<A extends Access, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  spec: RouteSpec<A, Q, B, R>,
): EntityRoute {
  return (app) => {
    const guard = guardOf(spec.access);
    const preHandler = [guard, spec.limit].filter((h) => h !== undefined);
    app.route({
      method: spec.method,
      url: spec.path,
      ...(spec.access === 'public' ? { config: { public: true } } : {}),
      ...(preHandler.length > 0 ? { preHandler } : {}),
      schema: {
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: replyOf(spec.reply),
        ...(spec.errors ? { errors: spec.errors } : {}),
      },
      handler: async (request: FastifyRequest) => {
        const caller = (spec.access === 'public' ? null : requireUser(request)) as CallerOf<A>;
        // Query and body passed their schemas (the validator compiler) before the handler runs.
        const input = { caller, query: request.query, body: request.body, request } as RouteInput<A, Q, B>;
        return ok(await spec.run(input));
      },
    });
  };
}

interface Action {
  /** The route's path under /v1 (the domain's `*Paths`). */
  path: string;
  /** The permission id the caller must hold (else 1002). */
  permission: PermId;
}

/** GET: the list (paging, search and filters are its query's fields) or one item. */
export interface ReadAction<Q extends z.ZodType, R extends z.ZodType> extends Action {
  /** The query schema; none: the route takes no query. */
  query?: Q;
  reply: R;
  run(caller: CurrentUser, query: z.output<Q>): Promise<z.input<R>>;
}

/** POST with a body that answers the item: add, edit, rename, move, copy... */
export interface WriteAction<B extends z.ZodType, R extends z.ZodType> extends Action {
  body: B;
  reply: R;
  run(caller: CurrentUser, body: z.output<B>): Promise<z.input<R>>;
}

/** POST with a body that answers null: delete. */
export interface RemoveAction<B extends z.ZodType> extends Action {
  body: B;
  run(caller: CurrentUser, body: z.output<B>): Promise<void>;
}

/**
 * The routes of a module, each declared with `route(...)` or, for a named entity a team owns
 * (device groups, templates, labels, alarm groups; members, roles, zones, billing cards), the
 * `read`/`write`/`remove` shorthands built on it (one permission id, the caller and one input):
 *
 *   entityRoutes(app, [
 *     read({ path: Paths.list, permission: Perm.XView, query: xListQuery, reply: xListReply,
 *            run: (caller, query) => service.list(caller, query) }),
 *     write({ path: Paths.add, permission: Perm.XAdd, body: xAddBody, reply: xItem,
 *             run: (caller, body) => service.add(caller, body) }),
 *     remove({ path: Paths.delete, permission: Perm.XDelete, body: idBody,
 *              run: (caller, body) => service.delete(caller, body.id) }),
 *     route({ method: 'POST', path: Paths.leave, access: 'signedIn', reply: emptyReply,
 *             run: async ({ caller }) => { await service.leave(caller); return null; } }),
 *   ]);
 */
export function entityRoutes(app: RoutesApp, routes: readonly EntityRoute[]): void {
  for (const declared of routes) declared(app);
}

export function read<Q extends z.ZodType, R extends z.ZodType>(action: ReadAction<Q, R>): EntityRoute {
  return route({
    method: 'GET',
    path: action.path,
    access: action.permission,
    ...(action.query ? { query: action.query } : {}),
    reply: action.reply,
    run: ({ caller, query }) => action.run(caller, query as z.output<Q>),
  });
}

export function write<B extends z.ZodType, R extends z.ZodType>(action: WriteAction<B, R>): EntityRoute {
  return route({
    method: 'POST',
    path: action.path,
    access: action.permission,
    body: action.body,
    reply: action.reply,
    run: ({ caller, body }) => action.run(caller, body),
  });
}

export function remove<B extends z.ZodType>(action: RemoveAction<B>): EntityRoute {
  return route({
    method: 'POST',
    path: action.path,
    access: action.permission,
    body: action.body,
    reply: emptyReply,
    run: async ({ caller, body }) => {
      await action.run(caller, body);
      return null;
    },
  });
}
