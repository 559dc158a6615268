import {
  apiKeyAddBody,
  apiKeyCreated,
  apiKeyListReply,
  ApiKeyPaths,
  apiKeyRevokeBody,
  emptyReply,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/**
 * The caller's own API keys: any signed-in user, for themselves, with rights no wider than
 * theirs. A key never manages keys (1002: a key cannot make itself a successor).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiKeys } = app.services;
  entityRoutes(app, [
    route({
      method: 'GET',
      path: ApiKeyPaths.list,
      access: 'signedIn',
      reply: apiKeyListReply,
      run: ({ caller }) => apiKeys.list(caller),
    }),
    route({
      method: 'POST',
      path: ApiKeyPaths.add,
      access: 'signedIn',
      body: apiKeyAddBody,
      reply: apiKeyCreated,
      run: ({ caller, body }) => apiKeys.add(caller, body),
    }),
    route({
      method: 'POST',
      path: ApiKeyPaths.revoke,
      access: 'signedIn',
      body: apiKeyRevokeBody,
      reply: emptyReply,
      run: async ({ caller, body }) => {
        await apiKeys.revoke(caller, body.id);
        return null;
      },
    }),
  ]);
};
