import {
  CardStatus,
  ErrorCode,
  Perm,
  type MyAccountReply,
  type RechargeRecordReply,
  type TagAllocation,
  type TagAllocationsReply,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildDevice, buildTemplate, startDeviceTestServer } from '../device/device-test-factories.ts';
import { addRole, invite } from '../member/team-test-helpers.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterAll(async () => server?.close());

const get = <T>(path: string, token: string) => server.call<T>('GET', path, { token });
const allocate = (token: string, device_id: number, level: number) =>
  server.call<TagAllocation>('POST', '/billing/tag/allocate', { token, body: { device_id, level } });

describe('my account', () => {
  it('shows quotas, cards newest first with status read at call time, and the expiry preview', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const empty = await get<MyAccountReply>('/billing/myAccount', token);
    expect(empty.body.data).toMatchObject({
      templates: { used: 0, total: 1 },
      cards: [],
      expiry_preview: [],
    });
    expect(empty.body.data.tags.map((t) => t.level)).toEqual([1, 2, 3, 4, 5]);

    const first = await activateCard(
      server,
      token,
      'ca',
      await issueTestCard(server, { type: 'ca', templates: 2, tags: 100, level: 1 }),
    );
    const second = await activateCard(
      server,
      token,
      'ca',
      await issueTestCard(server, { type: 'ca', templates: 3, tags: 200, level: 3 }),
    );
    await activateCard(server, token, 'ra', await issueTestCard(server, { type: 'ra', gigabytes: 20 }));
    for (let i = 0; i < 5; i++) await buildTemplate(server, token);
    // The first card expires before the second (as if activated a month earlier).
    await server.app.db
      .updateTable('cards')
      .set({ expires_at: second.expires_at! - 30 * 86_400_000 })
      .where('id', '=', first.id)
      .execute();

    const mine = (await get<MyAccountReply>('/billing/myAccount', token)).body.data;
    expect(mine.templates).toEqual({ used: 5, total: 6 });
    expect(mine.tags.find((t) => t.level === 1)).toEqual({ level: 1, used: 0, total: 100 });
    expect(mine.tags.find((t) => t.level === 3)).toEqual({ level: 3, used: 0, total: 200 });
    expect(mine.cards.map((c) => c.type)).toEqual(['ra', 'ca', 'ca']);
    expect(
      mine.cards.every((c) => c.status === CardStatus.Active && /^\*{4}[2-9A-Z]{8}$/.test(c.number)),
    ).toBe(true);
    // First expiry: 1 + 3 left for 5 templates (1 over); then 1 left (4 over).
    expect(mine.expiry_preview).toEqual([
      { card_id: first.id, expires_at: second.expires_at! - 30 * 86_400_000, templates_over: 1 },
      { card_id: second.id, expires_at: second.expires_at!, templates_over: 4 },
    ]);

    // Outdated when read after its expiry: it no longer counts.
    await server.app.db
      .updateTable('cards')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', second.id)
      .execute();
    const later = (await get<MyAccountReply>('/billing/myAccount', token)).body.data;
    expect(later.cards.find((c) => c.id === second.id)).toMatchObject({
      status: CardStatus.Outdated,
      left: { tags: 0 },
    });
    expect(later.templates.total).toBe(3);
    expect(later.tags.find((t) => t.level === 3)!.total).toBe(0);
  });

  it('lists the card types to every signed-in user', async () => {
    const a = await createActiveUser(server);
    const sub = await createSubAccount(server, a);
    const res = await get<{ list: { type: string }[] }>('/billing/cardTypes', sub.tokens.token);
    expect(res.body.data.list.map((t) => t.type)).toEqual(['ca', 'ra']);
  });
});

describe('TAG allocation', () => {
  it('allocates levels upward only, within the level quota, to devices of the caller', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const device = await buildDevice(server, token);
    const other = await buildDevice(server, token);
    const card = await activateCard(
      server,
      token,
      'ca',
      await issueTestCard(server, { type: 'ca', tags: 100, level: 2 }),
    );

    expect((await allocate(token, device.id, 1)).body).toMatchObject({
      code: ErrorCode.E1100_TAG_COUNT_OVER_LIMIT,
      data: { level: 1, needed: 50, left: 0 },
    });
    const ok = await allocate(token, device.id, 2);
    expect(ok.body.data).toMatchObject({
      device_id: device.id,
      level: 2,
      tags: 100,
      interval_s: 30,
      card_id: card.id,
    });
    const again = await allocate(token, device.id, 2);
    expect(again.body).toMatchObject({ code: ErrorCode.E1006_BAD_PARAMETER });
    expect(JSON.stringify(again.body.data)).toContain('validation.tagLevel.upgradeOnly');
    expect((await allocate(token, device.id, 1)).body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    // The card's 100 TAGs are used: a second device at level 2 is over the quota.
    expect((await allocate(token, other.id, 2)).body).toMatchObject({ code: 1100, data: { left: 0 } });

    const mine = (await get<MyAccountReply>('/billing/myAccount', token)).body.data;
    expect(mine.tags.find((t) => t.level === 2)).toEqual({ level: 2, used: 100, total: 100 });
    expect(mine.cards.find((c) => c.id === card.id)!.left.tags).toBe(0);
    const list = (await get<TagAllocationsReply>('/billing/tag/allocations', token)).body.data.list;
    expect(list).toMatchObject([{ device_id: device.id, level: 2, tags: 100 }]);

    // Another team's device, and a device outside a member's data scope: 1003.
    const b = await createActiveUser(server);
    expect((await allocate(b.tokens.token, device.id, 3)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const sub = await createSubAccount(server, a, {
      permissions: [Perm.AccountCaAllocate],
      deviceIds: [other.id],
    });
    expect((await allocate(sub.tokens.token, device.id, 3)).body.code).toBe(ErrorCode.E1003_NO_DATA);

    const records = (await get<RechargeRecordReply>('/billing/rechargeRecord?kind=allocation', token)).body
      .data;
    expect(records.list).toMatchObject([
      { kind: 'allocation', device_id: device.id, detail: { level: 2, tags: 100, from_level: null } },
    ]);
  });
});

describe('recharge records', () => {
  it('lists the team ledger newest first, filtered, and exports it in the caller language', async () => {
    const a = await createActiveUser(server, { lang: 'zh-cn' });
    const token = a.tokens.token;
    await activateCard(server, token, 'ca', await issueTestCard(server, { type: 'ca' }));
    await activateCard(server, token, 'ra', await issueTestCard(server, { type: 'ra' }));
    const all = (await get<RechargeRecordReply>('/billing/rechargeRecord', token)).body.data;
    expect(all.list.map((r) => r.type)).toEqual(['ra', 'ca']);
    expect(all.total).toBe(2);
    const ra = (await get<RechargeRecordReply>('/billing/rechargeRecord?type=ra&page_size=1', token)).body
      .data;
    expect(ra).toMatchObject({ total: 1, page_size: 1, list: [{ type: 'ra' }] });
    const future = (
      await get<RechargeRecordReply>(`/billing/rechargeRecord?from=${Date.now() + 60_000}`, token)
    ).body.data;
    expect(future.total).toBe(0);
    // Another team sees none of it.
    const b = await createActiveUser(server);
    expect((await get<RechargeRecordReply>('/billing/rechargeRecord', b.tokens.token)).body.data.total).toBe(
      0,
    );

    const res = await fetch(`${server.url}/v1/billing/rechargeRecord/export?tz=8`, {
      headers: { authorization: token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('充值记录')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('时间 (UTC+08:00)');
    expect(sheet.getRow(2).getCell(3).value).toBe('远程访问卡');
    expect(sheet.getRow(3).getCell(2).value).toBe('激活卡');
    expect(sheet.rowCount).toBe(3);
  });
});

describe('membership', () => {
  it('a person joining a team keeps their cards with their own team; the new team gains nothing', async () => {
    const owner = await createActiveUser(server);
    const role = await addRole(server, owner.tokens.token, { permissions: [Perm.AccountView] });
    const before = (await get<MyAccountReply>('/billing/myAccount', owner.tokens.token)).body.data;
    const person = await createActiveUser(server);
    const own = await activateCard(
      server,
      person.tokens.token,
      'ca',
      await issueTestCard(server, { type: 'ca', templates: 5 }),
    );
    const ownTeam = person.profile.team_id;
    const invitation = await invite(server, owner.tokens.token, person.email, role.id);
    const accepted = await server.call('POST', '/team/invitation/confirm', {
      token: person.tokens.token,
      body: { id: invitation.id, accept: true },
    });
    expect(accepted.body.code).toBe(0);
    // The person now sees the new team's account, without their card.
    const theirs = (await get<MyAccountReply>('/billing/myAccount', person.tokens.token)).body.data;
    expect(theirs.cards).toEqual([]);
    const after = (await get<MyAccountReply>('/billing/myAccount', owner.tokens.token)).body.data;
    expect(after.templates.total).toBe(before.templates.total);
    expect(after.cards.map((c) => c.id)).not.toContain(own.id);
    const row = await server.app.db
      .selectFrom('cards')
      .select('team_id')
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(row.team_id).toBe(ownTeam);
    const records = await server.app.db
      .selectFrom('recharge_records')
      .select('team_id')
      .where('card_id', '=', own.id)
      .execute();
    expect(records.map((r) => r.team_id)).toEqual([ownTeam]);
  });
});

describe('region cn', () => {
  it('answers 1002 on every billing route, to the main account too', async () => {
    const cn = await startTestServer({ REGION: 'cn' });
    try {
      const a = await createActiveUser(cn);
      const card = await issueTestCard(cn, { type: 'ca' });
      for (const [method, path, body] of [
        ['GET', '/billing/cardTypes'],
        ['GET', '/billing/myAccount'],
        ['POST', '/billing/ca/activate', { number: card.number.slice(-8), password: card.password }],
        ['GET', '/billing/rechargeRecord'],
        ['GET', '/billing/rechargeRecord/export'],
      ] as const) {
        const res = await cn.call(method, path, { token: a.tokens.token, ...(body ? { body } : {}) });
        expect(res.body.code, path).toBe(ErrorCode.E1002_PERMISSION_DENIED);
      }
      const row = await cn.app.db.selectFrom('cards').select('activated_at').executeTakeFirstOrThrow();
      expect(row.activated_at).toBeNull();
    } finally {
      await cn.close();
    }
  });
});
