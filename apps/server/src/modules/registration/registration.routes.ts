import {
  activateQuery,
  AuthPaths,
  codeSent,
  envelope,
  ErrorCode,
  phoneVerifyBody,
  phoneVerifyQuery,
  RegisterType,
  registerBody,
  registerResult,
  registerTypeQuery,
  resendMailBody,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';

/**
 * Registration by email or phone, activation link, resend, phone codes. All public; all but the
 * activation link are limited per client address (AddressLimits, 1036).
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registration, addressLimits } = app.services;
  const registerPerAddress = (request: FastifyRequest) => addressLimits.register(request);
  const codesPerAddress = (request: FastifyRequest) => addressLimits.codes(request);

  app.post(
    AuthPaths.register,
    {
      config: { public: true },
      preHandler: registerPerAddress,
      schema: {
        querystring: registerTypeQuery,
        body: registerBody,
        response: { 200: envelope(registerResult) },
      },
    },
    async (request) => {
      const body = request.body;
      if (request.query.type === RegisterType.Email) return ok(await registration.registerByEmail(body));
      if (!body.code) throw new AppError(ErrorCode.E1016_PHONE_NOT_VERIFIED);
      return ok(
        await registration.registerByPhone({ ...body, area_code: body.area_code ?? '+86', code: body.code }),
      );
    },
  );

  // The link of the activation mail: the browser lands on the web app's result page.
  app.get(
    AuthPaths.activate,
    { config: { public: true }, schema: { querystring: activateQuery } },
    async (request, reply) => {
      const token = request.query.token;
      const code = token ? await registration.activate(token) : ErrorCode.E1020_ACTIVATION_LINK_EXPIRED;
      return reply.redirect(`/#/activeresult?code=${code}`, 302);
    },
  );

  app.post(
    AuthPaths.resendMail,
    {
      config: { public: true },
      preHandler: codesPerAddress,
      schema: { querystring: registerTypeQuery, body: resendMailBody },
    },
    async (request) => {
      const { username, lang } = request.body;
      if (request.query.type === RegisterType.Email) {
        await registration.resendActivation(username, lang);
        return ok(null);
      }
      return ok(await registration.sendPhoneCode(username, '+86', 'register', lang));
    },
  );

  app.post(
    AuthPaths.phoneVerify,
    {
      config: { public: true },
      preHandler: codesPerAddress,
      schema: { querystring: phoneVerifyQuery, body: phoneVerifyBody, response: { 200: envelope(codeSent) } },
    },
    async (request) => {
      const { phone, area_code, purpose } = request.query;
      return ok(await registration.sendPhoneCode(phone, area_code, purpose, request.body?.lang));
    },
  );
};
