import {
  API_BASE,
  DirectoryPaths,
  emptyReply,
  ErrorCode,
  regionAccount,
  regionEvent,
  regionHost,
  regionSwitchQuery,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/**
 * Regions (docs/regions.md): the directory's keys and region switch; a region's internal routes,
 * called by its directory with a directory-signed token for this region (1009 otherwise, and on
 * any server that is not a region of a directory).
 */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { directory } = app.services;

  // A standard JWKS (RFC 7517), unwrapped, so any JOSE library reads it.
  app.get(DirectoryPaths.jwks, { config: { public: true } }, async (_request, reply) => {
    if (!directory.keys) throw new AppError(ErrorCode.E1003_NO_DATA);
    void reply.header('cache-control', 'public, max-age=60');
    return directory.keys.jwks();
  });

  entityRoutes(app, [
    route({
      method: 'GET',
      path: DirectoryPaths.region,
      access: 'signedIn',
      query: regionSwitchQuery,
      reply: regionHost,
      run: ({ caller, query }) => directory.switchRegion(caller, query.region),
    }),
    route({
      method: 'POST',
      path: DirectoryPaths.accounts,
      access: 'public',
      body: regionAccount,
      reply: z.object({ user_id: z.number().int() }),
      run: async ({ body, request }) => {
        const regional = await directory.fromDirectory(request.headers.authorization);
        return regional.provision(body);
      },
    }),
    route({
      method: 'POST',
      path: DirectoryPaths.events,
      access: 'public',
      body: regionEvent,
      reply: emptyReply,
      run: async ({ body, request }) => {
        const regional = await directory.fromDirectory(request.headers.authorization);
        await regional.apply(body);
        return null;
      },
    }),
  ]);
};

export const JWKS_URL_PATH = `${API_BASE}${DirectoryPaths.jwks}`;
