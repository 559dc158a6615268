import { envelope, type PermId } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CurrentUser } from '../lib/current-user.ts';
import { ok } from '../lib/reply.ts';
import { requirePermission, requireUser } from './auth.ts';

/** The instance a feature's routes plugin is given. */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

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

/** One route of an entity, type-checked where it is declared (`read`, `write`, `remove`). */
export type EntityRoute = (app: RoutesApp) => void;

/**
 * The reply schema of a route, widened: `run`'s result is checked against the entity's reply
 * type where the action is declared, which Fastify's inference cannot follow through a generic.
 */
const replyOf = (data: z.ZodType): { 200: z.ZodType } => ({ 200: envelope(data) });

/**
 * The routes of a named entity a team owns (device groups, templates, labels, alarm groups;
 * members, roles, zones, billing cards): each a permission guard, a schema from the domain, one
 * service call with the caller, the `ok()` envelope. Errors are the service's AppError codes,
 * answered by the one error handler (plugins/errors.ts).
 *
 *   entityRoutes(app, [
 *     read({ path: Paths.list, permission: Perm.XView, query: xListQuery, reply: xListReply,
 *            run: (caller, query) => service.list(caller, query) }),
 *     write({ path: Paths.add, permission: Perm.XAdd, body: xAddBody, reply: xItem,
 *             run: (caller, body) => service.add(caller, body) }),
 *     remove({ path: Paths.delete, permission: Perm.XDelete, body: idBody,
 *              run: (caller, body) => service.delete(caller, body.id) }),
 *   ]);
 */
export function entityRoutes(app: RoutesApp, routes: readonly EntityRoute[]): void {
  for (const route of routes) route(app);
}

export function read<Q extends z.ZodType, R extends z.ZodType>(action: ReadAction<Q, R>): EntityRoute {
  return (app) => {
    app.get(
      action.path,
      {
        preHandler: requirePermission(action.permission),
        schema: {
          ...(action.query ? { querystring: action.query } : {}),
          response: replyOf(action.reply),
        },
      },
      // The query passed its schema (the validator compiler) before the handler runs.
      async (request) => ok(await action.run(requireUser(request), request.query as z.output<Q>)),
    );
  };
}

export function write<B extends z.ZodType, R extends z.ZodType>(action: WriteAction<B, R>): EntityRoute {
  return (app) => {
    app.post(
      action.path,
      {
        preHandler: requirePermission(action.permission),
        schema: { body: action.body, response: replyOf(action.reply) },
      },
      async (request) => ok(await action.run(requireUser(request), request.body as z.output<B>)),
    );
  };
}

export function remove<B extends z.ZodType>(action: RemoveAction<B>): EntityRoute {
  return (app) => {
    app.post(
      action.path,
      {
        preHandler: requirePermission(action.permission),
        schema: { body: action.body, response: replyOf(z.null()) },
      },
      async (request) => {
        await action.run(requireUser(request), request.body as z.output<B>);
        return ok(null);
      },
    );
  };
}
