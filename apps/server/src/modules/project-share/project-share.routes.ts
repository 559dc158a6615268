import {
  ErrorCode,
  Perm,
  projectScreen,
  shareAddBody,
  shareAssetQuery,
  shareCreated,
  sharedProject,
  shareIdBody,
  shareListQuery,
  shareListReply,
  SharePaths,
  shareScreenQuery,
  ShareTokenHeader,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, route, write } from '../../plugins/entity-routes.ts';
import { sendAssetFile } from '../project-asset/index.ts';

/** The viewer token of a share call (its header; one value). */
const tokenOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[ShareTokenHeader];
  return typeof value === 'string' && value.length <= 128 ? value : undefined;
};

/** What a viewer's call can answer besides 1006 (the OpenAPI document): a bad token, an address that guessed. */
const shareErrors = [ErrorCode.E1001_AUTHENTICATION, ErrorCode.E1036_TOO_FREQUENT];

/**
 * A project's share links: made, listed and revoked by its editors (edit 42, the project in
 * their scope), and the read-only calls of a link's viewer (public: the `X-Share-Token` header
 * is the credential, checked by ShareViewerService: 1001, 1036 for an address that guessed).
 */
export const projectShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { projectShares: shares, shareViewers: viewers } = app.services;

  app.get(
    SharePaths.assetFile,
    { config: { public: true }, schema: { querystring: shareAssetQuery } },
    async (request, reply) => {
      const viewer = await viewers.open(tokenOf(request), request.ip);
      return sendAssetFile(request, reply, await viewers.assetFile(viewer, request.query.id));
    },
  );

  entityRoutes(app, [
    write({
      path: SharePaths.add,
      permission: Perm.ProjectEdit,
      body: shareAddBody,
      reply: shareCreated,
      run: (caller, body) => shares.add(caller, body),
    }),
    read({
      path: SharePaths.list,
      permission: Perm.ProjectEdit,
      query: shareListQuery,
      reply: shareListReply,
      run: (caller, query) => shares.list(caller, query.project_id),
    }),
    remove({
      path: SharePaths.revoke,
      permission: Perm.ProjectEdit,
      body: shareIdBody,
      run: (caller, body) => shares.revoke(caller, body.id),
    }),
    route({
      method: 'GET',
      path: SharePaths.project,
      access: 'public',
      reply: sharedProject,
      errors: shareErrors,
      run: async ({ request }) => viewers.project(await viewers.open(tokenOf(request), request.ip)),
    }),
    route({
      method: 'GET',
      path: SharePaths.screen,
      access: 'public',
      query: shareScreenQuery,
      errors: shareErrors,
      reply: projectScreen,
      run: async ({ request, query }) =>
        viewers.screen(await viewers.open(tokenOf(request), request.ip), query.id),
    }),
  ]);
};
