import {
  addDataCenterBody,
  AuthPaths,
  changePwdBody,
  dataCenterResult,
  editUserInfoBody,
  envelope,
  forgetVerifyBody,
  forgetVerifyResult,
  modifyPwdBody,
  removalBody,
  tokenPair,
  userProfile,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { requireUser, signedIn } from '../../plugins/auth.ts';
import { clientMeta, presentTokenPair } from '../session/index.ts';

/**
 * The caller's own account. These routes need only a signed-in user (`signedIn`): everyone may
 * read and edit their own profile, password and account, whatever their role.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, addressLimits } = app.services;
  // Public calls that answer 1010 for unknown accounts: limited per client address (1036).
  const codesPerAddress = (request: FastifyRequest) => addressLimits.codes(request);

  app.get(
    AuthPaths.userInfo,
    { preHandler: signedIn, schema: { response: { 200: envelope(userProfile) } } },
    async (request) => ok(await account.profile(requireUser(request))),
  );

  app.post(
    AuthPaths.editUserInfo,
    { preHandler: signedIn, schema: { body: editUserInfoBody } },
    async (request) => {
      await account.edit(requireUser(request), request.body);
      return ok(null);
    },
  );

  app.post(
    AuthPaths.changePwd,
    { preHandler: signedIn, schema: { body: changePwdBody, response: { 200: envelope(tokenPair) } } },
    async (request) => {
      const { old_passwd, passwd } = request.body;
      const tokens = await account.changePassword(
        requireUser(request),
        old_passwd,
        passwd,
        clientMeta(request),
      );
      return ok(presentTokenPair(app.config, request, tokens));
    },
  );

  app.post(
    AuthPaths.forgetVerify,
    {
      config: { public: true },
      preHandler: codesPerAddress,
      schema: { body: forgetVerifyBody, response: { 200: envelope(forgetVerifyResult) } },
    },
    async (request) => ok(await account.sendResetCode(request.body.username, request.body.lang)),
  );

  app.post(
    AuthPaths.modifyPwd,
    { config: { public: true }, preHandler: codesPerAddress, schema: { body: modifyPwdBody } },
    async (request) => {
      const { username, code, passwd } = request.body;
      await account.resetPassword(username, code, passwd);
      return ok(null);
    },
  );

  app.post(AuthPaths.removal, { preHandler: signedIn, schema: { body: removalBody } }, async (request) => {
    await account.close(requireUser(request), request.body);
    return ok(null);
  });

  app.post(
    AuthPaths.addDataCenter,
    {
      preHandler: signedIn,
      schema: { body: addDataCenterBody, response: { 200: envelope(dataCenterResult) } },
    },
    async (request) => ok(await account.addDataCenter(requireUser(request), request.body.data_center)),
  );
};
