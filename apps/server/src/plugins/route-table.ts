import fp from 'fastify-plugin';
import { accessOf, type RouteAccess } from './auth.ts';

/** One registered route and the access rule it declares. */
export interface RouteEntry {
  method: string;
  /** The full path, prefix included (e.g. /v1/device/list). */
  url: string;
  /** Its rule; null outside the API's deny-by-default scope (e.g. /mqtt, which devices use). */
  access: RouteAccess | null;
  /** A WebSocket route (it authenticates the token of its query itself). */
  websocket: boolean;
  /** The schemas it was registered with (the domain's zod schemas): what the OpenAPI document is built from. */
  schema: RouteSchemas;
}

/**
 * A route's Fastify schema: zod schemas of its query, body and replies by HTTP status, and what it
 * may add for the OpenAPI document only (Fastify ignores those keys).
 */
export interface RouteSchemas {
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
  summary?: string;
  description?: string;
  /** Codes the route answers beyond the generic ones of its access rule and input. */
  errors?: readonly number[];
  /** A reply that is not the JSON envelope: media type -> its description and zod schema (of a row). */
  media?: Record<string, { description: string; schema?: unknown }>;
  /** Reply headers: name -> description. */
  replyHeaders?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, in order: what the authorization matrix test is generated from. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every route registered after it (root and every child scope) with its access rule.
 * It only reads the routes; refusing a route without a rule stays the auth plugin's job.
 */
export const routeTablePlugin = fp(
  async (app) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        table.push({
          method: String(method),
          url: route.url,
          access: accessOf(route) ?? null,
          websocket: (route as { websocket?: boolean }).websocket === true,
          schema: (route.schema ?? {}) as RouteSchemas,
        });
      }
    });
  },
  { name: 'route-table' },
);
