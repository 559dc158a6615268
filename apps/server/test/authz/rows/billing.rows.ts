import { Perm } from '@hmi/domain';
import { issueTestCard } from '../../../src/modules/billing/billing-test-helpers.ts';
import type { Fixture } from '../fixture.ts';
import type { CellContext, MatrixRow } from '../matrix-types.ts';

/*
 * Billing (billing module). Cards, quotas and the recharge ledger are team data (no data scope):
 * every caller that passes the guard gets 0 on its own team (team B acts on its own account).
 * Activation takes a fresh card per cell. TAG allocation acts on a device of the data scope
 * (1003 outside it) and goes one level up per successful cell (the suite's setup gives team A a
 * CA card of every level and the fixture device level 1).
 */
const v1 = (path: string) => `/v1${path}`;

const freshCard = (type: 'ca' | 'ra') => async (ctx: CellContext) => {
  const card = await issueTestCard(ctx.fx.server, { type });
  return { body: { number: card.number.slice(-8), password: card.password } };
};

/** The fixture device's next level (level 1 is allocated by the setup). */
async function nextLevel({ fx }: CellContext): Promise<number> {
  const row = await fx.server.app.db
    .selectFrom('device_tag_allocations')
    .select('level')
    .where('device_id', '=', fx.scoped.device.id)
    .executeTakeFirst();
  return Math.min((row?.level ?? 0) + 1, 5);
}

/** The billing suite's setup: team A's CA cards (every level) and the fixture device at level 1. */
export async function billingSetup(fx: Fixture): Promise<void> {
  for (let level = 1; level <= 5; level++) {
    const card = await issueTestCard(fx.server, { type: 'ca', templates: 1, tags: 1000, level });
    const res = await fx.server.call('POST', '/billing/ca/activate', {
      token: fx.a.main.token,
      body: { number: card.number.slice(-8), password: card.password },
    });
    if (res.body.code !== 0) throw new Error(`billing setup: activation ${JSON.stringify(res.body)}`);
  }
  const res = await fx.server.call('POST', '/billing/tag/allocate', {
    token: fx.a.main.token,
    body: { device_id: fx.scoped.device.id, level: 1 },
  });
  if (res.body.code !== 0) throw new Error(`billing setup: allocation ${JSON.stringify(res.body)}`);
}

export const billingRows: MatrixRow[] = [
  { method: 'GET', url: v1('/billing/cardTypes'), access: 'signedIn', scope: { kind: 'team' } },
  { method: 'GET', url: v1('/billing/myAccount'), access: [Perm.AccountView], scope: { kind: 'team' } },
  {
    method: 'POST',
    url: v1('/billing/ca/activate'),
    access: [Perm.AccountCaCharge],
    scope: { kind: 'team' },
    request: freshCard('ca'),
  },
  {
    method: 'POST',
    url: v1('/billing/ra/activate'),
    access: [Perm.AccountRaCharge],
    scope: { kind: 'team' },
    request: freshCard('ra'),
  },
  {
    method: 'POST',
    url: v1('/billing/tag/allocate'),
    access: [Perm.AccountCaAllocate],
    scope: { kind: 'object' },
    request: async (ctx) => ({ body: { device_id: ctx.fx.scoped.device.id, level: await nextLevel(ctx) } }),
  },
  { method: 'GET', url: v1('/billing/tag/allocations'), access: [Perm.AccountView], scope: { kind: 'list' } },
  {
    method: 'GET',
    url: v1('/billing/tag/device'),
    access: [Perm.DeviceView],
    scope: { kind: 'object' },
    request: ({ fx }) => ({ query: { id: fx.scoped.device.id } }),
  },
  {
    method: 'GET',
    url: v1('/billing/rechargeRecord'),
    access: [Perm.RechargeRecordView],
    scope: { kind: 'team' },
  },
  {
    method: 'GET',
    url: v1('/billing/rechargeRecord/export'),
    access: [Perm.RechargeRecordView],
    scope: { kind: 'team' },
  },
];
