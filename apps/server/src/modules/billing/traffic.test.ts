import {
  ErrorCode,
  GIB,
  Perm,
  trafficMonthOf,
  type MyAccountReply,
  type RaAllocation,
  type RaTrafficReply,
  type RechargeRecordReply,
  type TrafficMonthState,
} from '@hmi/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { gigabytesLeft } from './billing.presenter.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';

/* Remote Access traffic through the API: allocation, the monthly switch, a device's traffic. */
let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterAll(async () => server?.close());

type Account = Awaited<ReturnType<typeof createActiveUser>>;
const post = <T>(token: string, path: string, body: unknown) => server.call<T>('POST', path, { token, body });
const allocate = (token: string, card_id: number, device_id: number) =>
  post<RaAllocation>(token, '/billing/ra/allocate', { card_id, device_id });
const month = (token: string, body: Record<string, unknown>) =>
  post<TrafficMonthState>(token, '/diacom/monthtraffic', body);
const traffic = (token: string, query: string) =>
  server.call<RaTrafficReply>('GET', `/billing/ra/traffic?${query}`, { token });

/** An RA card of `gigabytes` activated by the account through the API. */
async function raCard(a: Account, gigabytes = 5) {
  return activateCard(server, a.tokens.token, 'ra', await issueTestCard(server, { type: 'ra', gigabytes }));
}
const expire = (cardId: number) =>
  server.app.db
    .updateTable('cards')
    .set({ expires_at: Date.now() - 1 })
    .where('id', '=', cardId)
    .execute();

const nextMonth = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return trafficMonthOf(Date.UTC(y, mm, 1));
};

describe('RA card allocation (POST /billing/ra/allocate)', () => {
  it('gives a card to one device for good, with a recharge record; another device gets 1056', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const [d1, d2] = [await buildDevice(server, token), await buildDevice(server, token)];
    const card = await raCard(a, 5);

    const res = await allocate(token, card.id, d1.id);
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data).toMatchObject({
      card_id: card.id,
      device_id: d1.id,
      gigabytes: 5,
      used_bytes: 0,
      left_bytes: 5 * GIB,
      number: card.number,
    });
    // Again to the same device: the same answer, nothing recorded twice.
    expect((await allocate(token, card.id, d1.id)).body.code).toBe(0);
    expect((await allocate(token, card.id, d2.id)).body.code).toBe(ErrorCode.E1056_RA_CARD_ALREADY_ALLOCATED);

    const records = await server.call<RechargeRecordReply>(
      'GET',
      '/billing/rechargeRecord?type=ra&kind=allocation',
      {
        token,
      },
    );
    expect(records.body.data.list).toHaveLength(1);
    expect(records.body.data.list[0]).toMatchObject({
      card_id: card.id,
      device_id: d1.id,
      detail: { gigabytes: 5 },
    });
  });

  it('records name the device only within the caller’s scope; my account marks the card allocated', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const [seen, hidden] = [await buildDevice(server, token), await buildDevice(server, token)];
    const [c1, c2, free] = [await raCard(a), await raCard(a), await raCard(a)];
    expect((await allocate(token, c1.id, seen.id)).body.code).toBe(0);
    expect((await allocate(token, c2.id, hidden.id)).body.code).toBe(0);

    const account = await server.call<MyAccountReply>('GET', '/billing/myAccount', { token });
    const allocated = new Map(account.body.data.cards.map((c) => [c.id, c.allocated]));
    expect([allocated.get(c1.id), allocated.get(c2.id), allocated.get(free.id)]).toEqual([true, true, false]);

    const path = '/billing/rechargeRecord?type=ra&kind=allocation';
    const names = async (t: string) => {
      const r = await server.call<RechargeRecordReply>('GET', path, { token: t });
      return new Map(r.body.data.list.map((x) => [x.device_id, x.device_name]));
    };
    const byMain = await names(token);
    expect([byMain.get(seen.id), byMain.get(hidden.id)]).toEqual([seen.name, hidden.name]);
    const sub = await createSubAccount(server, a, {
      permissions: [Perm.RechargeRecordView],
      deviceIds: [seen.id],
    });
    const bySub = await names(sub.tokens.token);
    // The ledger stays the team's; the name of a device out of scope is not told.
    expect([bySub.get(seen.id), bySub.get(hidden.id)]).toEqual([seen.name, null]);

    // The export names the kind (traffic, not TAGs) and the device the caller sees.
    const res = await fetch(`${server.url}/v1/billing/rechargeRecord/export?type=ra&kind=allocation`, {
      headers: { authorization: sub.tokens.token },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[2])).toEqual(['Traffic allocated', 'Traffic allocated']);
    expect(rows.map((r) => r[5]).sort()).toEqual([hidden.id, seen.name].sort());
  });

  it('answers 1057 for an outdated card, 1003 for another team’s card or device or one out of scope', async () => {
    const a = await createActiveUser(server);
    const b = await createActiveUser(server);
    const device = await buildDevice(server, a.tokens.token);
    const hidden = await buildDevice(server, a.tokens.token);
    const old = await raCard(a);
    await expire(old.id);
    expect((await allocate(a.tokens.token, old.id, device.id)).body.code).toBe(ErrorCode.E1057_RA_EXPIRED);

    const theirs = await raCard(b);
    expect((await allocate(a.tokens.token, theirs.id, device.id)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const mine = await raCard(a);
    expect((await allocate(b.tokens.token, mine.id, device.id)).body.code).toBe(ErrorCode.E1003_NO_DATA);

    const sub = await createSubAccount(server, a, {
      permissions: [Perm.AccountRaAllocate],
      deviceIds: [device.id],
    });
    expect((await allocate(sub.tokens.token, mine.id, hidden.id)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await allocate(sub.tokens.token, mine.id, device.id)).body.code).toBe(0);
  });
});

describe('the monthly switch (POST /diacom/monthtraffic)', () => {
  it('needs traffic: none 1046, every card outdated 1057', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const device = await buildDevice(server, token);
    const none = await month(token, { device_id: device.id, on: true });
    expect(none.body.code).toBe(ErrorCode.E1046_INSUFFICIENT_TRAFFIC);
    const card = await raCard(a);
    expect((await allocate(token, card.id, device.id)).body.code).toBe(0);
    await expire(card.id);
    expect((await month(token, { device_id: device.id, on: true })).body.code).toBe(
      ErrorCode.E1057_RA_EXPIRED,
    );
  });

  it('cannot turn the current month off once on; a month to come can; a past month is read-only', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const device = await buildDevice(server, token);
    const card = await raCard(a, 3);
    await allocate(token, card.id, device.id);
    const current = trafficMonthOf(Date.now());

    const on = await month(token, { device_id: device.id, on: true });
    expect(on.body).toMatchObject({ code: 0 });
    expect(on.body.data).toEqual({
      device_id: device.id,
      month: current,
      on: true,
      used_bytes: 0,
      remaining_bytes: 3 * GIB,
      prompt_12g: null,
    });
    const off = await month(token, { device_id: device.id, on: false });
    expect(off.body.code).toBe(ErrorCode.E1006_BAD_PARAMETER);
    expect(JSON.stringify(off.body.data)).toContain('validation.traffic.lockedForMonth');

    const next = nextMonth(current);
    expect((await month(token, { device_id: device.id, month: next, on: true })).body.data.on).toBe(true);
    const nextOff = await month(token, { device_id: device.id, month: next, on: false });
    expect(nextOff.body).toMatchObject({ code: 0, data: { month: next, on: false } });

    const past = await month(token, { device_id: device.id, month: '2020-01', on: true });
    expect(JSON.stringify(past.body)).toContain('validation.traffic.pastMonth');

    const listed = await traffic(token, `device_id=${device.id}`);
    expect(listed.body.data.months.map((m) => [m.month, m.on])).toEqual([
      [next, false],
      [current, true],
    ]);
    expect((await traffic(token, `device_id=${device.id}&month=${current}`)).body.data.months).toHaveLength(
      1,
    );
  });
});

describe('the ledger stays with the device', () => {
  it('survives unbinding and binding again: cards, usage and the switch', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const device = await buildDevice(server, token);
    const card = await raCard(a, 2);
    await allocate(token, card.id, device.id);
    await month(token, { device_id: device.id, on: true });
    await server.app.services.trafficLedger.record(device.id, { up: 1000, down: 24 }, Date.now());

    const unbind = await post(token, '/device/unbind', { ids: [device.id] });
    expect(unbind.body.code).toBe(0);
    expect((await traffic(token, `device_id=${device.id}`)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    const again = await post<{ id: number }>(token, '/device/bind', {
      sn: device.sn,
      pin: device.secret,
      name: 'Again_1',
    });
    expect(again.body).toMatchObject({ code: 0, data: { id: device.id } });

    const after = (await traffic(token, `device_id=${device.id}`)).body.data;
    expect(after.remaining_bytes).toBe(2 * GIB - 1024);
    expect(after.cards).toMatchObject([{ card_id: card.id, used_bytes: 1024 }]);
    expect(after.months).toMatchObject([{ on: true, bytes_up: 1000, bytes_down: 24, used_bytes: 1024 }]);
  });
});

describe('my account: what an RA card has left', () => {
  it('is gigabytes minus the bytes charged to it, in GiB with two decimals (rounded down)', () => {
    expect(gigabytesLeft(5, 0)).toBe(5);
    expect(gigabytesLeft(5, 1.5 * GIB)).toBe(3.5);
    expect(gigabytesLeft(5, 1.5 * GIB + 1)).toBe(3.49);
    expect(gigabytesLeft(2, GIB / 3)).toBe(1.66);
    expect(gigabytesLeft(1, 2 * GIB)).toBe(0);
  });

  it('GET /billing/myAccount shows the left gigabytes of each RA card after the ledger charged it', async () => {
    const a = await createActiveUser(server);
    const token = a.tokens.token;
    const device = await buildDevice(server, token);
    const [used, spare, gone] = [await raCard(a, 5), await raCard(a, 3), await raCard(a, 2)];
    await allocate(token, used.id, device.id);
    await server.app.services.trafficLedger.record(device.id, { up: GIB, down: GIB / 4 });
    await expire(gone.id);
    const reply = await server.call<MyAccountReply>('GET', '/billing/myAccount', { token });
    expect(reply.body).toMatchObject({ code: 0 });
    const byId = new Map(reply.body.data.cards.map((c) => [c.id, c]));
    expect(byId.get(used.id)).toMatchObject({ quota: { gigabytes: 5 }, left: { gigabytes: 3.75 } });
    expect(byId.get(spare.id)).toMatchObject({ quota: { gigabytes: 3 }, left: { gigabytes: 3 } });
    expect(byId.get(gone.id)).toMatchObject({ quota: { gigabytes: 2 }, left: { gigabytes: 0 } });
  });
});
