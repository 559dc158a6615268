import { envelope } from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { signedIn } from '../../plugins/auth.ts';

/** The test-only route (docs/api.md, Billing, Test clock); never registered unless BILLING_TEST_CLOCK. */
export const BILLING_TEST_CLOCK_PATH = '/billing/test/clock';

const testClockBody = z
  .object({
    /** The billing time to read from now on (ms). */
    at: z.number().int().positive().optional(),
    /** Or: move the billing clock this far from where it reads now (ms, may be negative). */
    advance_ms: z.number().int().optional(),
  })
  .refine((b) => (b.at === undefined) !== (b.advance_ms === undefined), {
    message: 'exactly one of at, advance_ms',
  });
const testClockReply = z.object({ now: z.number().int() });

/**
 * POST /v1/billing/test/clock (BILLING_TEST_CLOCK=1 only, which the configuration refuses with
 * NODE_ENV=production): moves the server's billing clock, so that an end-to-end test sees a card
 * expire without waiting a year. Card statuses, template locks and the billing messages job read
 * that clock; the caches of locks and device quotas of every team with cards are dropped, so
 * ingest applies the new time at once. A signed-in caller (any): the clock is the server's.
 */
export function billingTestClockRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const { billingClock, templateLocks, billingAccount } = app.services;
  app.post(
    BILLING_TEST_CLOCK_PATH,
    { preHandler: signedIn, schema: { body: testClockBody, response: { 200: envelope(testClockReply) } } },
    async (request) => {
      const { at, advance_ms } = request.body;
      billingClock.set(at ?? billingClock.now() + advance_ms!);
      for (const teamId of await billingAccount.teamsWithCards()) templateLocks.changed(teamId);
      return ok({ now: billingClock.now() });
    },
  );
}
