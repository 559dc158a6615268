import {
  CardStatus,
  ErrorCode,
  StringErrorCode,
  cardCheckChar,
  type BillingCard,
  type RechargeRecordReply,
  type UserProfile,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildTemplate } from '../device/device-test-factories.ts';
import { issueTestCard } from './billing-test-helpers.ts';
import { expiryOf } from './card-activation.service.ts';

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

describe('card activation', () => {
  it('activates a CA card for one year, masks its number and writes a recharge record', async () => {
    const a = await createActiveUser(server);
    const card = await issueTestCard(server, { type: 'ca', templates: 3 });
    const before = Date.now();
    // Lower case and the whole printed number are accepted.
    const res = await activate(a, 'ca', card.number.toLowerCase(), card.password.toLowerCase());
    expect(res.body).toMatchObject({ code: 0 });
    const got = res.body.data;
    expect(got).toMatchObject({
      type: 'ca',
      number: `****${tailOf(card.number)}`,
      status: CardStatus.Active,
    });
    expect(got.activated_at).toBeGreaterThanOrEqual(before);
    expect(got.expires_at).toBe(expiryOf(got.activated_at!));
    expect(new Date(got.expires_at!).getUTCFullYear()).toBe(new Date(got.activated_at!).getUTCFullYear() + 1);
    const row = await cardRow(card.number);
    expect(row).toMatchObject({ team_id: a.profile.team_id, activated_by: a.profile.dbuser_id });

    const records = await server.call<RechargeRecordReply>('GET', '/billing/rechargeRecord?kind=activation', {
      token: a.tokens.token,
    });
    expect(records.body.data.list).toHaveLength(1);
    expect(records.body.data.list[0]).toMatchObject({ kind: 'activation', type: 'ca', card_id: row.id });
    expect(records.body.data.list[0]!.detail).toMatchObject({ templates: 3 });
  });

  it('answers 1043 for a wrong password or an unknown number; 1006 for a typo, uncounted', async () => {
    const a = await createActiveUser(server);
    const card = await issueTestCard(server, { type: 'ca' });
    const wrong = await activate(
      a,
      'ca',
      tailOf(card.number),
      card.password === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA',
    );
    expect(wrong.body).toMatchObject({ code: ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG });
    expect(wrong.body.msg).toBe(StringErrorCode.E_CLOUD_CARD_PWD_ERR);
    expect((await cardRow(card.number)).failed_attempts).toBe(1);

    const body = 'ZZZZZZZ';
    const unknown = await activate(a, 'ca', body + cardCheckChar(body)!, card.password);
    expect(unknown.body.code).toBe(ErrorCode.E1043_CARD_NUMBER_OR_PASSWORD_WRONG);

    const t = tailOf(card.number);
    const swapped = t[0] === t[1] ? `${t.slice(0, 6)}${t[7]}${t[6]}` : `${t[1]}${t[0]}${t.slice(2)}`;
    if (swapped !== t) {
      const typo = await activate(a, 'ca', swapped, card.password);
      expect(typo.status).toBe(400);
      expect(typo.body).toMatchObject({ code: ErrorCode.E1006_BAD_PARAMETER });
      expect(JSON.stringify(typo.body.data)).toContain('validation.card.numberChecksum');
    }
    expect((await cardRow(card.number)).failed_attempts).toBe(1);
  });

  it('answers 1045 (CA) and 1050 (RA) for a card activated already, by this team or another', async () => {
    const a = await createActiveUser(server);
    const b = await createActiveUser(server);
    for (const [type, code] of [
      ['ca', ErrorCode.E1045_CARD_ALREADY_ACTIVATED],
      ['ra', ErrorCode.E1050_CARD_ALREADY_ACTIVATED],
    ] as const) {
      const card = await issueTestCard(server, { type });
      expect((await activate(a, type, tailOf(card.number), card.password)).body.code).toBe(0);
      for (const who of [a, b]) {
        const again = await activate(who, type, tailOf(card.number), card.password);
        expect(again.body).toMatchObject({ code, msg: StringErrorCode.E_CLOUD_CARD_ALREADY_ACTIVATE });
      }
      expect((await cardRow(card.number)).team_id).toBe(a.profile.team_id);
    }
  });

  it('answers 1044 (CA) and 1051 (RA) once the batch deadline has passed', async () => {
    const a = await createActiveUser(server);
    for (const [type, code] of [
      ['ca', ErrorCode.E1044_CARD_ACTIVATION_WINDOW_PASSED],
      ['ra', ErrorCode.E1051_BEYOND_ACTIVATION_TIME],
    ] as const) {
      // Issued in 2020, when the deadline was still ahead (cards:issue refuses a past one).
      const card = await issueTestCard(server, { type, deadline: '2020-01-31' }, Date.parse('2020-01-02'));
      expect((await activate(a, type, tailOf(card.number), card.password)).body.code).toBe(code);
      expect((await cardRow(card.number)).activated_at).toBeNull();
    }
  });

  it('activates once when two teams race for the same card', async () => {
    const a = await createActiveUser(server);
    const b = await createActiveUser(server);
    const card = await issueTestCard(server, { type: 'ca' });
    const replies = await Promise.all(
      [a, b, a, b].map((who) => activate(who, 'ca', tailOf(card.number), card.password)),
    );
    const codes = replies.map((r) => r.body.code).sort();
    expect(codes).toEqual([0, 1045, 1045, 1045]);
    const records = await server.app.db
      .selectFrom('recharge_records')
      .selectAll()
      .where('card_id', '=', (await cardRow(card.number)).id)
      .execute();
    expect(records).toHaveLength(1);
  });

  it('raises template_max_num with a CA card: 1 + 3 templates, the 5th template is 1033', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const profile = async () =>
      (await server.call<UserProfile>('GET', '/global/getUserInfo', { token })).body.data.template_max_num;
    expect(await profile()).toBe(1);
    await buildTemplate(server, token);
    const card = await issueTestCard(server, { type: 'ca', templates: 3 });
    expect((await activate(a, 'ca', tailOf(card.number), card.password)).body.code).toBe(0);
    expect(await profile()).toBe(4);
    for (let i = 0; i < 3; i++) await buildTemplate(server, token);
    const fifth = await server.call('POST', '/template/add', {
      token,
      body: { name: 'Fifth', hmi_model: 'HMI-7' },
    });
    expect(fifth.body).toMatchObject({ code: ErrorCode.E1033_TEMPLATE_LIMIT, data: { max: 4 } });
  });

  it('limits attempts per account (1036), counting every answer', async () => {
    const a = await createActiveUser(server);
    // Right pairs of a card activated already (1045: not a failure, wrong passwords have their
    // own delays, card-activation.limits.test.ts) still count as attempts.
    const card = await issueTestCard(server, { type: 'ca' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await activate(a, 'ca', tailOf(card.number), card.password)).body.code);
    expect(codes.slice(0, 10)).toEqual([0, ...Array(9).fill(ErrorCode.E1045_CARD_ALREADY_ACTIVATED)]);
    expect(codes[10]).toBe(ErrorCode.E1036_TOO_FREQUENT);
  });
});
