import {
  AuthPaths,
  DEFAULT_PHONE_AREA_CODE,
  emptyReply,
  ErrorCode,
  loginBody,
  loginInfo,
  loginQuery,
  PHONE_AREA_CODES,
  RegisterMethod,
  refreshBody,
  refreshQuery,
  tokenPair,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';
import { tokenFromHeader } from './access-token.ts';
import { clientMeta, presentTokenPair } from './token-pair.presenter.ts';

/** Login, token refresh and logout. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { login, sessions } = app.services;
  const { config } = app;

  entityRoutes(app, [
    route({
      method: 'GET',
      path: AuthPaths.loginInfo,
      access: 'public',
      reply: loginInfo,
      run: async () => ({
        region: config.region,
        // A directory: the regions it has hosts for.
        regions: config.regionHosts ? [...config.regionHosts.keys()] : [config.region, ...config.peerRegions],
        phone_area_codes: [...PHONE_AREA_CODES, DEFAULT_PHONE_AREA_CODE].filter(
          (v, i, a) => a.indexOf(v) === i,
        ),
        register_methods: [RegisterMethod.Phone, RegisterMethod.Mail],
      }),
    }),
    route({
      method: 'POST',
      path: AuthPaths.login,
      access: 'public',
      query: loginQuery,
      body: loginBody,
      reply: tokenPair,
      run: async ({ body, request }) => {
        const tokens = await login.login(body.user, body.passwd, clientMeta(request), body.region);
        return presentTokenPair(config, request, tokens);
      },
    }),
    // Authenticated by the refresh token in Authorization, not by an access token.
    route({
      method: 'POST',
      path: AuthPaths.refresh,
      access: 'public',
      query: refreshQuery,
      body: refreshBody.nullish(),
      reply: tokenPair,
      run: async ({ request }) => {
        const refreshToken = tokenFromHeader(request.headers.authorization);
        if (!refreshToken) throw new AppError(ErrorCode.E1040_REFRESH_TOKEN_EXPIRED);
        return presentTokenPair(config, request, await sessions.refresh(refreshToken));
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.logout,
      access: 'signedIn',
      reply: emptyReply,
      run: async ({ caller }) => {
        await sessions.end(caller.sessionId);
        return null;
      },
    }),
  ]);
};
