import {
  addDataCenterBody,
  AuthPaths,
  changePwdBody,
  dataCenterResult,
  editUserInfoBody,
  emptyReply,
  forgetVerifyBody,
  forgetVerifyResult,
  modifyPwdBody,
  removalBody,
  tokenPair,
  userProfile,
} from '@hmi/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, route } from '../../plugins/entity-routes.ts';
import { clientMeta, presentTokenPair } from '../session/index.ts';

/**
 * The caller's own account. These routes need only a signed-in user (`signedIn`): everyone may
 * read and edit their own profile, password and account, whatever their role.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, addressLimits } = app.services;
  // Public calls that answer 1010 for unknown accounts: limited per client address (1036).
  const codesPerAddress = (request: FastifyRequest) => addressLimits.codes(request);

  entityRoutes(app, [
    route({
      method: 'GET',
      path: AuthPaths.userInfo,
      access: 'signedIn',
      reply: userProfile,
      run: ({ caller }) => account.profile(caller),
    }),
    route({
      method: 'POST',
      path: AuthPaths.editUserInfo,
      access: 'signedIn',
      body: editUserInfoBody,
      reply: emptyReply,
      run: async ({ caller, body }) => {
        await account.edit(caller, body);
        return null;
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.changePwd,
      access: 'signedIn',
      body: changePwdBody,
      reply: tokenPair,
      run: async ({ caller, body, request }) => {
        const tokens = await account.changePassword(
          caller,
          body.old_passwd,
          body.passwd,
          clientMeta(request),
        );
        return presentTokenPair(app.config, request, tokens);
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.forgetVerify,
      access: 'public',
      limit: codesPerAddress,
      body: forgetVerifyBody,
      reply: forgetVerifyResult,
      run: ({ body }) => account.sendResetCode(body.username, body.lang),
    }),
    route({
      method: 'POST',
      path: AuthPaths.modifyPwd,
      access: 'public',
      limit: codesPerAddress,
      body: modifyPwdBody,
      reply: emptyReply,
      run: async ({ body }) => {
        await account.resetPassword(body.username, body.code, body.passwd);
        return null;
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.removal,
      access: 'signedIn',
      body: removalBody,
      reply: emptyReply,
      run: async ({ caller, body }) => {
        await account.close(caller, body);
        return null;
      },
    }),
    route({
      method: 'POST',
      path: AuthPaths.addDataCenter,
      access: 'signedIn',
      body: addDataCenterBody,
      reply: dataCenterResult,
      run: ({ caller, body }) => account.addDataCenter(caller, body.data_center),
    }),
  ]);
};
