import type { BillingCard } from '@hmi/domain';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/test-server.ts';
import { issueCards, type CardBatchOrder, type IssuedCard } from './card-issuer.ts';

let sequence = 0;

/** Cards issued into the test server's database as `npm run cards:issue` would (clear pairs). */
export async function issueTestCards(
  server: TestServer,
  order: Partial<CardBatchOrder> & { type: 'ca' | 'ra' },
  /** When the batch was issued (a past deadline needs a batch issued before it). */
  issuedAt = Date.now(),
): Promise<IssuedCard[]> {
  const quota =
    order.type === 'ca'
      ? { templates: order.templates ?? 3, tags: order.tags ?? 100, level: order.level ?? 1 }
      : { gigabytes: order.gigabytes ?? 5 };
  return issueCards(
    server.app.db,
    server.config.cardPepper,
    {
      count: 1,
      batch: `test-${Date.now().toString(36)}-${++sequence}`,
      deadline: '2999-12-31',
      ...quota,
      ...order,
    },
    issuedAt,
  );
}

/** One fresh card of the type (CA: 3 templates, 100 TAGs at level 1 unless told). */
export async function issueTestCard(
  server: TestServer,
  order: Partial<CardBatchOrder> & { type: 'ca' | 'ra' },
  issuedAt = Date.now(),
): Promise<IssuedCard> {
  return (await issueTestCards(server, { ...order, count: 1 }, issuedAt))[0]!;
}

/** Activates a card through the API (the route of its type); expects success. */
export async function activateCard(
  server: TestServer,
  token: string,
  type: 'ca' | 'ra',
  card: IssuedCard,
): Promise<BillingCard> {
  const res = await server.call<BillingCard>('POST', `/billing/${type}/activate`, {
    token,
    body: { number: card.number.slice(-8), password: card.password },
  });
  expect(res.body, `activate ${card.number}`).toMatchObject({ code: 0 });
  return res.body.data;
}
