import { tagLevelOf, type MyAccountReply, type TagAllocation } from '@hmi/domain';
import type { FastifyInstance } from 'fastify';
import { issueCards } from '../modules/billing/card-issuer.ts';
import type { DemoApi } from './demo-alarms.ts';

/** The TAG level the demo gives each kind of device: HMIs every second, gateways every 5 s. */
export const DEMO_LEVELS = { hmi: 5, gateway: 4 } as const;

/**
 * Billing shown working (issue 24): the demo team holds Cloud Application cards issued as
 * `npm run cards:issue` issues them and activated through the API as a customer would, and every
 * demo device gets a TAG level (DEMO_LEVELS), so its history stays rich (the free tier would
 * store one sample a minute). Idempotent: cards are issued only for TAGs the team lacks, and
 * devices already allocated are left alone. Nothing where billing is off (region cn,
 * BILLING_ENABLED=false): there no quota applies. Returns the devices allocated now.
 */
export async function ensureDemoBilling(
  app: FastifyInstance,
  api: DemoApi,
  token: string,
  devices: readonly { id: number; kind: 'hmi' | 'gateway' }[],
  log: (line: string) => void,
): Promise<number> {
  if (!app.config.billingEnabled) {
    log('billing is off here: no cards, no quota');
    return 0;
  }
  const allocated = new Set(
    (await api<{ list: TagAllocation[] }>('GET', '/billing/tag/allocations', token)).list.map(
      (a) => a.device_id,
    ),
  );
  const todo = devices.filter((d) => !allocated.has(d.id));
  const account = await api<MyAccountReply>('GET', '/billing/myAccount', token);
  for (const level of new Set(Object.values(DEMO_LEVELS))) {
    const count = todo.filter((d) => DEMO_LEVELS[d.kind] === level).length;
    const row = account.tags.find((t) => t.level === level);
    const needed = count * tagLevelOf(level)!.tags - (row ? row.total - row.used : 0);
    if (needed <= 0) continue;
    const [card] = await issueCards(app.db, app.config.cardPepper, {
      type: 'ca',
      count: 1,
      batch: `demo-l${level}-${Date.now().toString(36)}`,
      templates: 2,
      tags: needed,
      level,
      deadline: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    });
    await api('POST', '/billing/ca/activate', token, {
      number: card!.number.slice(-8),
      password: card!.password,
    });
    log(`Cloud Application card ${card!.number} activated: ${needed} TAGs of level ${level}`);
  }
  for (const d of todo)
    await api('POST', '/billing/tag/allocate', token, { device_id: d.id, level: DEMO_LEVELS[d.kind] });
  log(`TAG levels allocated: ${todo.length} devices (HMIs level 5, gateways level 4)`);
  return todo.length;
}
