import { Perm } from '@hmi/domain';
import { issueTestCard } from '../../../src/modules/billing/billing-test-helpers.ts';
import type { Fixture } from '../fixture.ts';
import type { CellContext, MatrixRow } from '../matrix-types.ts';

/*
 * Remote Access traffic (billing module, traffic.*). Every route acts on one device of the data
 * scope (1003 outside it and for team B). Allocation takes a fresh RA card of team A per cell
 * (a card goes to one device only); the suite's setup gives the fixture device an RA card, so
 * switching its month on succeeds.
 */
const v1 = (path: string) => `/v1${path}`;

/** A fresh RA card activated for team A (in the database: the activation limits stay out). */
async function teamARaCard(fx: Fixture): Promise<number> {
  const card = await issueTestCard(fx.server, { type: 'ra', gigabytes: 5 });
  const now = Date.now();
  const row = await fx.server.app.db
    .updateTable('cards')
    .set({
      team_id: fx.a.teamId,
      activated_by: fx.a.main.id,
      activated_at: now,
      expires_at: now + 86_400_000 * 365,
    })
    .where('number', '=', card.number)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The traffic suite's setup: an RA card of team A allocated to the fixture device. */
export async function trafficSetup(fx: Fixture): Promise<void> {
  const res = await fx.server.call('POST', '/billing/ra/allocate', {
    token: fx.a.main.token,
    body: { card_id: await teamARaCard(fx), device_id: fx.scoped.device.id },
  });
  if (res.body.code !== 0) throw new Error(`traffic setup: allocation ${JSON.stringify(res.body)}`);
}

export const trafficRows: MatrixRow[] = [
  {
    method: 'POST',
    url: v1('/billing/ra/allocate'),
    access: [Perm.AccountRaAllocate],
    scope: { kind: 'object' },
    request: async ({ fx }: CellContext) => ({
      body: { card_id: await teamARaCard(fx), device_id: fx.scoped.device.id },
    }),
  },
  {
    method: 'POST',
    url: v1('/diacom/monthtraffic'),
    access: [Perm.AccountRaAllocate],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ body: { device_id: fx.scoped.device.id, on: true } }),
  },
  {
    method: 'GET',
    url: v1('/billing/ra/traffic'),
    access: [Perm.AccountView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { device_id: fx.scoped.device.id } }),
  },
];
