import {
  activateQuery,
  AuthPaths,
  codeSent,
  ErrorCode,
  phoneVerifyBody,
  phoneVerifyQuery,
  RegisterType,
  registerBody,
  registerResult,
  registerTypeQuery,
  resendMailBody,
  resendMailReply,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';

/**
 * Registration by email or phone, activation link, resend, phone codes. All public; all but the
 * activation link are limited per client address (AddressLimits, 1036).
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registration, addressLimits } = app.services;
  const registerPerAddress = (request: FastifyRequest) => addressLimits.register(request);
  const codesPerAddress = (request: FastifyRequest) => addressLimits.codes(request);

  entityRoutes(app, [
    route({
      method: 'POST',
      path: AuthPaths.register,
      access: 'public',
      limit: registerPerAddress,
      query: registerTypeQuery,
      body: registerBody,
      reply: registerResult,
      run: async ({ query, body }) => {
        if (query.type === RegisterType.Email) return registration.registerByEmail(body);
        if (!body.code) throw new AppError(ErrorCode.E1016_PHONE_NOT_VERIFIED);
        return registration.registerByPhone({ ...body, area_code: body.area_code ?? '+86', code: body.code });
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.resendMail,
      access: 'public',
      limit: codesPerAddress,
      query: registerTypeQuery,
      body: resendMailBody,
      reply: resendMailReply,
      run: async ({ query, body }) => {
        if (query.type === RegisterType.Email) {
          await registration.resendActivation(body.username, body.lang);
          return null;
        }
        return registration.sendPhoneCode(body.username, '+86', 'register', body.lang);
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.phoneVerify,
      access: 'public',
      limit: codesPerAddress,
      query: phoneVerifyQuery,
      body: phoneVerifyBody,
      reply: codeSent,
      run: ({ query, body }) =>
        registration.sendPhoneCode(query.phone, query.area_code, query.purpose, body?.lang),
    }),
  ]);

  // The link of the activation mail: a redirect to the web app's result page, not a JSON reply
  // (written by hand, docs/architecture.md).
  app.get(
    AuthPaths.activate,
    { config: { public: true }, schema: { querystring: activateQuery } },
    async (request, reply) => {
      const token = request.query.token;
      const code = token ? await registration.activate(token) : ErrorCode.E1020_ACTIVATION_LINK_EXPIRED;
      return reply.redirect(`/#/activeresult?code=${code}`, 302);
    },
  );
};
