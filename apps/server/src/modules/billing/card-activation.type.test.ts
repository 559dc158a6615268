import { ErrorCode, type BillingCard } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { issueTestCard } from './billing-test-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Account = Awaited<ReturnType<typeof createActiveUser>>;
const activate = (a: Account, type: 'ca' | 'ra', number: string, password: string) =>
  server.call<BillingCard>('POST', `/billing/${type}/activate`, {
    token: a.tokens.token,
    body: { number, password },
  });
const tailOf = (n: string) => n.slice(-8);
const cardRow = (number: string) =>
  server.app.db.selectFrom('cards').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

// A server of its own: these attempts count against the one test address (ACTIVATE_PER_ADDRESS).
describe('card activation: a card of the other type (issue 24, item 9)', () => {
  it('names the other type only after the right password (1006 under the number), nothing activated', async () => {
    const a = await createActiveUser(server);
    for (const [type, route, key] of [
      ['ca', 'ra', 'validation.card.isCloudApplication'],
      ['ra', 'ca', 'validation.card.isRemoteAccess'],
    ] as const) {
      const card = await issueTestCard(server, { type });
      // A wrong password on the other route stays 1043: the type of a card is not told to a guess.
      const guess = await activate(
        a,
        route,
        tailOf(card.number),
        card.password === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA',
      );
      expect(guess.body.code).toBe(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG);
      expect(JSON.stringify(guess.body)).not.toContain('validation.card.is');

      const other = await activate(a, route, tailOf(card.number), card.password);
      expect(other.status).toBe(400);
      expect(other.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
      expect(other.body.data).toMatchObject({ fields: [{ path: 'number', message: key }] });
      expect((await cardRow(card.number)).activated_at).toBeNull();
      // The right dialog still activates it.
      expect((await activate(a, type, tailOf(card.number), card.password)).body.code).toBe(0);
    }
  });
});
