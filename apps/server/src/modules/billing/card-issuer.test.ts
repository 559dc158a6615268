import { cardCheckChar, CARD_ALPHABET, validateCardChecksum } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { batchPrefix, cardsCsv, deadlineEnd, issueCards, orderProblems } from './card-issuer.ts';
import { cardPasswordHash } from './card-secrets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const symbols = new RegExp(`^[${CARD_ALPHABET}]+$`);

describe('issuing cards (cards:issue core)', () => {
  it('issues numbers with a prefix, unique tails and a valid check symbol; stores no clear password', async () => {
    const order = {
      type: 'ca',
      count: 300,
      batch: 'spring',
      templates: 2,
      tags: 100,
      level: 2,
      deadline: '2999-06-30',
    } as const;
    const cards = await issueCards(server.app.db, server.config.cardPepper, order);
    expect(cards).toHaveLength(300);
    const tails = new Set(cards.map((c) => c.number.slice(-8)));
    expect(tails.size).toBe(300);
    for (const c of cards) {
      expect(c.number).toMatch(/^C[2-9A-Z]{11}$/);
      expect(c.number).toMatch(symbols);
      expect(c.password).toMatch(/^[2-9A-Z]{8}$/);
      expect(c.password).toMatch(symbols);
      expect(cardCheckChar(c.number.slice(4, 11))).toBe(c.number[11]);
      expect(validateCardChecksum(c.number.slice(-8)).ok).toBe(true);
    }
    const rows = await server.app.db.selectFrom('cards').selectAll().execute();
    expect(rows).toHaveLength(300);
    const byNumber = new Map(cards.map((c) => [c.number, c.password]));
    for (const row of rows) {
      const password = byNumber.get(row.number)!;
      expect(row.password_hash).not.toContain(password);
      expect(row.password_hash).toBe(cardPasswordHash(server.config.cardPepper, row.tail, password));
      expect(row.team_id).toBeNull();
    }
    const batch = await server.app.db.selectFrom('card_batches').selectAll().executeTakeFirstOrThrow();
    expect(batch).toMatchObject({
      name: 'spring',
      type: 'ca',
      templates: 2,
      tags: 100,
      level: 2,
      card_count: 300,
    });
    expect(batch.activate_before).toBe(deadlineEnd('2999-06-30'));

    const csv = cardsCsv(order, cards.slice(0, 2)).trim().split('\n');
    expect(csv[0]).toBe('number,password,type,templates,tags,level,gigabytes,deadline');
    expect(csv[1]).toBe(`${cards[0]!.number},${cards[0]!.password},ca,2,100,2,0,2999-06-30`);
  });

  it('refuses a batch name twice and invalid orders', async () => {
    await issueCards(server.app.db, server.config.cardPepper, {
      type: 'ra',
      count: 1,
      batch: 'twice',
      gigabytes: 10,
      deadline: '2999-01-01',
    });
    await expect(
      issueCards(server.app.db, server.config.cardPepper, {
        type: 'ra',
        count: 1,
        batch: 'twice',
        gigabytes: 10,
        deadline: '2999-01-01',
      }),
    ).rejects.toThrow(/exists/);
    expect(orderProblems({ type: 'ca', count: 0, batch: 'x', deadline: '2999-01-01', templates: 1 })).toEqual(
      ['--count must be 1..100000'],
    );
    expect(
      orderProblems({ type: 'ca', count: 1, batch: 'x', deadline: '1/1/2030', tags: 50, level: 9 }),
    ).toEqual(['--deadline must be YYYY-MM-DD', '--level must be a TAG level (1-5) when --tags > 0']);
    expect(orderProblems({ type: 'ra', count: 1, batch: 'x', deadline: '2030-01-01' })).toEqual([
      '--gigabytes must be an integer >= 1',
    ]);
  });

  it('refuses a deadline in the past with a clear message, and issues nothing', async () => {
    const now = Date.parse('2026-11-27T13:00:00Z');
    const order = { type: 'ra', count: 1, batch: 'late', gigabytes: 10 } as const;
    expect(orderProblems({ ...order, deadline: '2026-03-31' }, now)).toEqual([
      '--deadline 2026-03-31 is in the past (today is 2026-11-27 UTC): give today or a later date',
    ]);
    expect(orderProblems({ ...order, deadline: '2026-11-26' }, now)).toHaveLength(1);
    // Today still counts: cards activate until the end of the deadline day.
    expect(orderProblems({ ...order, deadline: '2026-11-27' }, now)).toEqual([]);
    expect(orderProblems({ ...order, deadline: '2027-11-27' }, now)).toEqual([]);
    const batches = () =>
      server.app.db.selectFrom('card_batches').select('name').where('name', '=', 'late').execute();
    await expect(
      issueCards(server.app.db, server.config.cardPepper, { ...order, deadline: '2020-01-31' }),
    ).rejects.toThrow(/--deadline 2020-01-31 is in the past/);
    expect(await batches()).toEqual([]);
  });

  it('gives each batch a 4-symbol prefix of its type', () => {
    expect(batchPrefix('ca', 1)).toBe('C223');
    expect(batchPrefix('ra', 33)).toBe('R233');
    expect(batchPrefix('ca', 5)).toMatch(symbols);
  });
});
