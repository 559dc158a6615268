import { billingTestClockBody, billingTestClockReply } from '@hmi/domain';
import { entityRoutes, route, type RoutesApp } from '../../plugins/entity-routes.ts';

/** The test-only route (docs/api.md, Billing, Test clock); never registered unless BILLING_TEST_CLOCK. */
export const BILLING_TEST_CLOCK_PATH = '/billing/test/clock';

/**
 * POST /v1/billing/test/clock (BILLING_TEST_CLOCK=1 only, which the configuration refuses with
 * NODE_ENV=production): moves the server's billing clock, so that an end-to-end test sees a card
 * expire without waiting a year. Card statuses, template locks and the billing messages job read
 * that clock; the caches of locks and device quotas of every team with cards are dropped, so
 * ingest applies the new time at once. A signed-in caller (any): the clock is the server's.
 */
export function billingTestClockRoutes(app: RoutesApp): void {
  const { billingClock, templateLocks, billingAccount } = app.services;
  entityRoutes(app, [
    route({
      method: 'POST',
      path: BILLING_TEST_CLOCK_PATH,
      access: 'signedIn',
      body: billingTestClockBody,
      reply: billingTestClockReply,
      run: async ({ body }) => {
        billingClock.set(body.at ?? billingClock.now() + body.advance_ms!);
        for (const teamId of await billingAccount.teamsWithCards()) templateLocks.changed(teamId);
        return { now: billingClock.now() };
      },
    }),
  ]);
}
