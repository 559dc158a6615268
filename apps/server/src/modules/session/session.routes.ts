import {
  AuthPaths,
  DEFAULT_PHONE_AREA_CODE,
  envelope,
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
import { ok } from '../../lib/reply.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { tokenFromHeader } from './access-token.ts';
import { clientMeta, presentTokenPair } from './token-pair.presenter.ts';

/** Login, token refresh and logout. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { login, sessions } = app.services;
  const { config } = app;

  app.get(
    AuthPaths.loginInfo,
    { config: { public: true }, schema: { response: { 200: envelope(loginInfo) } } },
    async () =>
      ok({
        region: config.region,
        regions: [config.region, ...config.peerRegions],
        phone_area_codes: [...PHONE_AREA_CODES, DEFAULT_PHONE_AREA_CODE].filter(
          (v, i, a) => a.indexOf(v) === i,
        ),
        register_methods: [RegisterMethod.Phone, RegisterMethod.Mail],
      }),
  );

  app.post(
    AuthPaths.login,
    {
      config: { public: true },
      schema: { querystring: loginQuery, body: loginBody, response: { 200: envelope(tokenPair) } },
    },
    async (request) => {
      const tokens = await login.login(request.body.user, request.body.passwd, clientMeta(request));
      return ok(presentTokenPair(config, request, tokens));
    },
  );

  // Authenticated by the refresh token in Authorization, not by an access token.
  app.post(
    AuthPaths.refresh,
    {
      config: { public: true },
      schema: {
        querystring: refreshQuery,
        body: refreshBody.nullish(),
        response: { 200: envelope(tokenPair) },
      },
    },
    async (request) => {
      const refreshToken = tokenFromHeader(request.headers.authorization);
      if (!refreshToken) throw new AppError(ErrorCode.E1040_REFRESH_TOKEN_EXPIRED);
      return ok(presentTokenPair(config, request, await sessions.refresh(refreshToken)));
    },
  );

  app.post(AuthPaths.logout, { preHandler: signedIn }, async (request) => {
    await sessions.end(requireUser(request).sessionId);
    return ok(null);
  });
};
