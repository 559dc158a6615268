import {
  billingCard,
  BillingPaths,
  cardActivateBody,
  cardTypesReply,
  deviceTagQuota,
  ErrorCode,
  idQuery,
  myAccountReply,
  Perm,
  rechargeExportQuery,
  rechargeRecordQuery,
  rechargeRecordReply,
  tagAllocateBody,
  tagAllocation,
  tagAllocationsReply,
  type CardKind,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { entityRoutes, read, route, write } from '../../plugins/entity-routes.ts';
import { billingTestClockRoutes } from './billing-test-clock.routes.ts';
import { trafficRoutes } from './traffic.routes.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /billing (docs/api.md, Billing): card types, my account, activation (one route per card type:
 * CA needs ca-charge 18, RA ra-charge 20, as SPEC's permissions split them), TAG allocation
 * (19), recharge records and their export (22). Region cn has no billing, nor has a server with
 * BILLING_ENABLED=false: every route answers 1002 there, after authentication, whatever the
 * caller holds (the main account too).
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billingAccount, cardActivation, tagAllocations, rechargeRecords, deviceQuotas } = app.services;

  if (!app.config.billingEnabled) {
    app.addHook('preHandler', async () => {
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    });
  }

  const activate = (
    path: string,
    type: CardKind,
    permission: typeof Perm.AccountCaCharge | typeof Perm.AccountRaCharge,
  ) =>
    route({
      method: 'POST',
      path,
      access: permission,
      body: cardActivateBody,
      reply: billingCard,
      run: ({ caller, body, request }) => cardActivation.activate(caller, type, body, request.ip),
    });

  entityRoutes(app, [
    route({
      method: 'GET',
      path: BillingPaths.cardTypes,
      access: 'signedIn',
      reply: cardTypesReply,
      // Every billing route with BILLING_ENABLED=false.
      errors: [ErrorCode.E1002_PERMISSION_DENIED],
      run: async () => billingAccount.cardTypes(),
    }),
    activate(BillingPaths.activateCa, 'ca', Perm.AccountCaCharge),
    activate(BillingPaths.activateRa, 'ra', Perm.AccountRaCharge),
    read({
      path: BillingPaths.myAccount,
      permission: Perm.AccountView,
      reply: myAccountReply,
      run: (caller) => billingAccount.myAccount(caller),
    }),
    write({
      path: BillingPaths.allocateTags,
      permission: Perm.AccountCaAllocate,
      body: tagAllocateBody,
      reply: tagAllocation,
      run: (caller, body) => tagAllocations.allocate(caller, body),
    }),
    read({
      path: BillingPaths.allocations,
      permission: Perm.AccountView,
      reply: tagAllocationsReply,
      run: (caller) => tagAllocations.list(caller),
    }),
    read({
      path: BillingPaths.deviceTags,
      permission: Perm.DeviceView,
      query: idQuery,
      reply: deviceTagQuota,
      run: (caller, query) => deviceQuotas.deviceTags(caller, query.id),
    }),
    read({
      path: BillingPaths.rechargeRecords,
      permission: Perm.RechargeRecordView,
      query: rechargeRecordQuery,
      reply: rechargeRecordReply,
      run: (caller, query) => rechargeRecords.list(caller, query),
    }),
  ]);
  trafficRoutes(app);
  // Test only (BILLING_TEST_CLOCK=1, refused in production): moves the billing clock.
  if (app.config.billingTestClock) billingTestClockRoutes(app);

  // A file download (xlsx), not a JSON reply: written by hand (docs/architecture.md).
  app.get(
    BillingPaths.rechargeExport,
    { preHandler: requirePermission(Perm.RechargeRecordView), schema: { querystring: rechargeExportQuery } },
    async (request, reply) => {
      const { body, total } = await rechargeRecords.export(requireUser(request), request.query);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      reply.header('content-disposition', `attachment; filename="recharge-records-${stamp}.xlsx"`);
      reply.header('x-total-count', String(total));
      reply.type(XLSX);
      return reply.send(body);
    },
  );
};
