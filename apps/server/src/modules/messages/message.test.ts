import { Perm, type MessageCounts, type MessageListReply } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { MessagesChangedEvent } from './message.events.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import { insertMessage, userIdOf } from './message-test-helpers.ts';
import { startOfDay } from './message.service.ts';

/*
 * The message centre's calls against the real server (SQLite, or PostgreSQL with DATABASE_URL):
 * filters, paging, per-user read state, other users' and teams' ids, billing behind 23.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterAll(async () => server?.close());

type Team = Awaited<ReturnType<typeof team>>;
/** A fresh main account; its welcome notice is deleted so every test starts from no messages. */
async function team() {
  const main = await createActiveUser(server);
  await server.app.db.deleteFrom('messages').where('team_id', '=', main.profile.team_id).execute();
  return { main, token: main.tokens.token, teamId: main.profile.team_id, userId: main.profile.dbuser_id };
}

const list = async (token: string, query = '') => {
  const res = await server.call<MessageListReply>('GET', `/msg/notify${query}`, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};
const titles = (reply: MessageListReply) => reply.list.map((m) => m.title);
const counts = async (token: string) =>
  (await server.call<MessageCounts>('GET', '/msg/notify/count', { token })).body.data;
const setRead = (token: string, body: unknown) =>
  server.call<{ updated: number }>('POST', '/msg/setread', { token, body });
const readState = async (ids: number[]) =>
  (await server.app.db.selectFrom('messages').select(['id', 'read_at']).where('id', 'in', ids).execute()).map(
    (r) => ({ id: Number(r.id), read: r.read_at !== null }),
  );

describe('GET /msg/notify', () => {
  it('lists the caller’s own messages newest first, with paging and the filters', async () => {
    const t = await team();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 7; i++) {
      await insertMessage(server, t.teamId, t.userId, {
        title: `Notice ${i}`,
        body: i === 3 ? 'Maintenance 100%_done' : 'plain',
        createdAt: base + i * 1000,
        read: i % 2 === 0,
      });
    }
    await insertMessage(server, t.teamId, t.userId, {
      kind: 'alarm',
      title: 'Alarm A',
      createdAt: base + 10_000,
    });

    const page1 = await list(t.token, '?page=1&page_size=3');
    expect(page1.total).toBe(8);
    expect(titles(page1)).toEqual(['Alarm A', 'Notice 6', 'Notice 5']);
    expect(titles(await list(t.token, '?page=3&page_size=3'))).toEqual(['Notice 1', 'Notice 0']);
    expect(titles(await list(t.token, '?page=9&page_size=3'))).toEqual([]);

    const notices = await list(t.token, '?kind=notice');
    expect(notices.total).toBe(7);
    expect(notices.list.every((m) => m.kind === 'notice' && m.alarm === null)).toBe(true);
    expect(titles(await list(t.token, '?kind=notice&unread=true'))).toEqual([
      'Notice 5',
      'Notice 3',
      'Notice 1',
    ]);
    expect(titles(await list(t.token, '?kind=notice&unread=0'))).toEqual([
      'Notice 6',
      'Notice 4',
      'Notice 2',
      'Notice 0',
    ]);
    expect((await list(t.token, '?kind=notice&unread=0')).list.every((m) => m.read)).toBe(true);
    // Search in title and body, case-insensitive, wildcards taken literally.
    expect(titles(await list(t.token, '?search=MAINTENANCE'))).toEqual(['Notice 3']);
    expect(titles(await list(t.token, `?search=${encodeURIComponent('100%_')}`))).toEqual(['Notice 3']);
    expect(titles(await list(t.token, `?search=${encodeURIComponent('%')}`))).toEqual(['Notice 3']);
    expect(titles(await list(t.token, '?search=notice%204'))).toEqual(['Notice 4']);
    // Time window, inclusive.
    expect(titles(await list(t.token, `?from=${base + 2000}&to=${base + 4000}`))).toEqual([
      'Notice 4',
      'Notice 3',
      'Notice 2',
    ]);
  });

  it('filters alarm messages by the state and level of their record now; the record follows its device’s scope', async () => {
    const t = await team();
    const d1 = await buildDevice(server, t.token);
    const d2 = await buildDevice(server, t.token);
    const open = await insertAlarmRecord(server, t.teamId, d1.id, {
      level: 16,
      state: 1,
      ruleName: 'R-open',
    });
    const acked = await insertAlarmRecord(server, t.teamId, d1.id, {
      level: 4,
      state: 2,
      ruleName: 'R-acked',
    });
    const done = await insertAlarmRecord(server, t.teamId, d2.id, { level: 1, state: 4, ruleName: 'R-done' });
    const sub = await createSubAccount(server, t.main, { permissions: [], deviceIds: [d1.id] });
    const subId = await userIdOf(server, sub.email);
    for (const [userId, token] of [
      [t.userId, t.token],
      [subId, sub.tokens.token],
    ] as const) {
      for (const r of [open, acked, done]) {
        await insertMessage(server, t.teamId, userId, {
          kind: 'alarm',
          title: r.rule_name,
          alarmRecordId: r.id,
          createdAt: r.raised_at,
        });
      }
      await insertMessage(server, t.teamId, userId, { kind: 'notice', title: 'N' });
      expect((await list(token, '?kind=alarm')).total).toBe(3);
    }

    const all = await list(t.token, '?kind=alarm');
    const byTitle = new Map(all.list.map((m) => [m.title, m.alarm]));
    expect(byTitle.get('R-open')).toEqual(open);
    expect(byTitle.get('R-acked')).toMatchObject({ state: 2, acked_by: 'Operator', level: 4 });
    expect(titles(await list(t.token, '?state=1'))).toEqual(['R-open']);
    expect(titles(await list(t.token, '?kind=alarm&state=2'))).toEqual(['R-acked']);
    expect(titles(await list(t.token, '?kind=alarm&state=4'))).toEqual(['R-done']);
    expect((await list(t.token, '?kind=alarm&state=0')).total).toBe(3);
    expect(titles(await list(t.token, '?level=17')).sort()).toEqual(['R-done', 'R-open']);
    expect(titles(await list(t.token, '?level=4&state=2'))).toEqual(['R-acked']);
    expect(titles(await list(t.token, '?level=8'))).toEqual([]);
    expect((await list(t.token, '?level=0')).total).toBe(4);

    // The state is the record's now: acknowledging it moves the message to state 2.
    await server.app.db
      .updateTable('alarm_records')
      .set({ state: 2, acked_at: Date.now(), acked_by_name: 'Boss' })
      .where('id', '=', open.id)
      .execute();
    expect(titles(await list(t.token, '?kind=alarm&state=2')).sort()).toEqual(['R-acked', 'R-open']);
    // An acknowledged alarm that recovered (state 4, acked_at kept) is still "acknowledged", and
    // recovered too; one that recovered unanswered is not acknowledged.
    await server.app.db
      .updateTable('alarm_records')
      .set({ state: 4, recovered_at: Date.now() })
      .where('id', '=', acked.id)
      .execute();
    expect(titles(await list(t.token, '?kind=alarm&state=2')).sort()).toEqual(['R-acked', 'R-open']);
    expect(titles(await list(t.token, '?kind=alarm&state=4')).sort()).toEqual(['R-acked', 'R-done']);
    expect(titles(await list(t.token, '?kind=alarm&state=1'))).toEqual([]);

    // The sub-account sees d1 only: the message of d2's record stays, without its record.
    const subAll = await list(sub.tokens.token, '?kind=alarm');
    expect(subAll.list.find((m) => m.title === 'R-done')!.alarm).toBeNull();
    expect(subAll.list.find((m) => m.title === 'R-open')!.alarm).toMatchObject({ id: open.id, state: 2 });
    expect(titles(await list(sub.tokens.token, '?state=4'))).toEqual(['R-acked']);
    // A record deleted with its device leaves the message with `alarm: null`.
    await server.app.db.deleteFrom('alarm_records').where('id', '=', done.id).execute();
    expect(all.list.find((m) => m.title === 'R-done')!.alarm).not.toBeNull();
    expect((await list(t.token, '?kind=alarm')).list.find((m) => m.title === 'R-done')!.alarm).toBeNull();
  });

  it('refuses bad filters with 1006', async () => {
    const t = await team();
    for (const q of ['?state=3', '?level=32', '?page=0', '?page_size=201', '?kind=spam', '?unread=maybe']) {
      const res = await server.call('GET', `/msg/notify${q}`, { token: t.token });
      expect({ q, status: res.status, code: res.body.code }).toEqual({ q, status: 400, code: 1006 });
    }
    expect((await server.call('GET', '/msg/notify')).body.code).toBe(1008);
  });
});

describe('GET /msg/notify/today', () => {
  it('lists the messages since the caller’s midnight (tz in hours), newest first, at most 50', async () => {
    const t = await team();
    const now = Date.now();
    const midnight8 = startOfDay(now, 8);
    await insertMessage(server, t.teamId, t.userId, { title: 'yesterday', createdAt: midnight8 - 1 });
    await insertMessage(server, t.teamId, t.userId, { title: 'first', createdAt: midnight8 });
    await insertMessage(server, t.teamId, t.userId, { title: 'later', createdAt: now });
    const today = await server.call<MessageListReply>('GET', '/msg/notify/today?tz=8', { token: t.token });
    expect(today.body.data.total).toBe(2);
    expect(titles(today.body.data)).toEqual(['later', 'first']);

    for (let i = 0; i < 52; i++) {
      await insertMessage(server, t.teamId, t.userId, { title: `m${i}`, createdAt: now - 1 - i });
    }
    const many = (await server.call<MessageListReply>('GET', '/msg/notify/today?tz=8', { token: t.token }))
      .body.data;
    expect(many.total).toBe(54);
    expect(many.list).toHaveLength(50);
    expect(many.list[0]!.title).toBe('later');
    expect((await server.call('GET', '/msg/notify/today?tz=15', { token: t.token })).body.code).toBe(1006);
  });

  it('starts the day at the midnight of the offset', () => {
    const at = Date.UTC(2026, 10, 21, 2, 30); // 02:30 UTC = 10:30 in UTC+8, 21:30 the day before in UTC-5
    expect(startOfDay(at, 0)).toBe(Date.UTC(2026, 10, 21));
    expect(startOfDay(at, 8)).toBe(Date.UTC(2026, 10, 20, 16));
    expect(startOfDay(at, -5)).toBe(Date.UTC(2026, 10, 20, 5));
    expect(startOfDay(at, 5.5)).toBe(Date.UTC(2026, 10, 20, 18, 30));
  });
});

describe('POST /msg/setread and read state per user', () => {
  it('marks the caller’s own messages read, one, many or all (of a kind), and tells the bus', async () => {
    const t = await team();
    const events: MessagesChangedEvent[] = [];
    const off = server.app.bus.subscribe('messages.changed', (e) => events.push(e));
    try {
      const a = await insertMessage(server, t.teamId, t.userId, { title: 'a' });
      const b = await insertMessage(server, t.teamId, t.userId, { title: 'b' });
      const c = await insertMessage(server, t.teamId, t.userId, { kind: 'alarm', title: 'c' });
      const d = await insertMessage(server, t.teamId, t.userId, { kind: 'alarm', title: 'd' });
      expect((await counts(t.token)).unread).toEqual({ notice: 2, billing: 0, alarm: 2 });

      expect((await setRead(t.token, { ids: [a] })).body.data).toEqual({ updated: 1 });
      expect(events).toEqual([{ teamId: t.teamId, userIds: [t.userId] }]);
      // Read already: nothing changes, nothing is published.
      expect((await setRead(t.token, { ids: [a, a] })).body.data).toEqual({ updated: 0 });
      expect(events).toHaveLength(1);
      expect((await counts(t.token)).unread).toEqual({ notice: 1, billing: 0, alarm: 2 });

      expect((await setRead(t.token, { all: true, kind: 'alarm' })).body.data).toEqual({ updated: 2 });
      expect(await readState([a, b, c, d])).toEqual([
        { id: a, read: true },
        { id: b, read: false },
        { id: c, read: true },
        { id: d, read: true },
      ]);
      expect((await setRead(t.token, { all: true })).body.data).toEqual({ updated: 1 });
      expect((await counts(t.token)).unread).toEqual({ notice: 0, billing: 0, alarm: 0 });
      expect((await counts(t.token)).total).toEqual({ notice: 2, billing: 0, alarm: 2 });
      expect(events).toHaveLength(3);
      expect((await list(t.token)).list.every((m) => m.read)).toBe(true);
    } finally {
      off();
    }
  });

  it('keeps read state per user and refuses other users’ and teams’ ids (1003) without changing anything', async () => {
    const t = await team();
    const other = await team();
    const sub = await createSubAccount(server, t.main, { permissions: [] });
    const subId = await userIdOf(server, sub.email);
    const mine = await insertMessage(server, t.teamId, t.userId, { title: 'mine' });
    const subs = await insertMessage(server, t.teamId, subId, { title: 'subs' });
    const foreign = await insertMessage(server, other.teamId, other.userId, { title: 'foreign' });
    const teamWide = await insertMessage(server, t.teamId, null, { title: 'team-wide' });

    for (const ids of [[mine, subs], [foreign], [mine, foreign], [teamWide], [mine, 999_999_999]]) {
      const res = await setRead(t.token, { ids });
      expect({ ids, status: res.status, code: res.body.code }).toEqual({ ids, status: 404, code: 1003 });
    }
    expect((await setRead(t.token, { all: true })).body.data).toEqual({ updated: 1 });
    expect(await readState([mine, subs, foreign, teamWide])).toEqual([
      { id: mine, read: true },
      { id: subs, read: false },
      { id: foreign, read: false },
      { id: teamWide, read: false },
    ]);
    // Each sees only their own messages; team-wide rows (no longer written) are not shown.
    expect(titles(await list(t.token))).toEqual(['mine']);
    expect(titles(await list(sub.tokens.token))).toEqual(['subs']);
    expect((await list(sub.tokens.token)).list[0]!.read).toBe(false);
    expect((await counts(sub.tokens.token)).unread.notice).toBe(1);
    expect((await setRead(sub.tokens.token, { ids: [subs] })).body.data).toEqual({ updated: 1 });
    expect(await readState([subs, foreign])).toEqual([
      { id: subs, read: true },
      { id: foreign, read: false },
    ]);
  });

  it('refuses malformed bodies with 1006', async () => {
    const t = await team();
    for (const body of [
      {},
      { ids: [] },
      { ids: [0] },
      { ids: ['x'] },
      { all: false },
      { all: true, kind: 'x' },
    ]) {
      const res = await setRead(t.token, body);
      expect({ body, code: res.body.code }).toEqual({ body, code: 1006 });
    }
  });
});

describe('billing messages', () => {
  it('are shown, counted and marked only with MsgBillingView (23)', async () => {
    const t = await team();
    const plain = await createSubAccount(server, t.main, { permissions: [] });
    const billing = await createSubAccount(server, t.main, { permissions: [Perm.MsgBillingView] });
    const plainId = await userIdOf(server, plain.email);
    const billingId = await userIdOf(server, billing.email);
    const hidden = await insertMessage(server, t.teamId, plainId, { kind: 'billing', title: 'invoice' });
    await insertMessage(server, t.teamId, plainId, { kind: 'notice', title: 'hello' });
    const shown = await insertMessage(server, t.teamId, billingId, { kind: 'billing', title: 'invoice' });

    expect(titles(await list(plain.tokens.token))).toEqual(['hello']);
    expect(await counts(plain.tokens.token)).toEqual({
      total: { notice: 1, billing: 0, alarm: 0 },
      unread: { notice: 1, billing: 0, alarm: 0 },
    });
    expect(
      (await server.call('GET', '/msg/notify?kind=billing', { token: plain.tokens.token })).body.code,
    ).toBe(1002);
    expect((await setRead(plain.tokens.token, { ids: [hidden] })).body.code).toBe(1003);
    expect((await setRead(plain.tokens.token, { all: true, kind: 'billing' })).body.code).toBe(1002);
    expect((await setRead(plain.tokens.token, { all: true })).body.data).toEqual({ updated: 1 });
    expect(await readState([hidden])).toEqual([{ id: hidden, read: false }]);
    const today = await server.call<MessageListReply>('GET', '/msg/notify/today', {
      token: plain.tokens.token,
    });
    expect(titles(today.body.data)).toEqual(['hello']);

    expect(titles(await list(billing.tokens.token, '?kind=billing'))).toEqual(['invoice']);
    expect((await counts(billing.tokens.token)).unread.billing).toBe(1);
    expect((await setRead(billing.tokens.token, { ids: [shown] })).body.data).toEqual({ updated: 1 });
  });
});

describe('counts', () => {
  it('count only the caller’s own rows', async () => {
    const t: Team = await team();
    await insertMessage(server, t.teamId, t.userId, { kind: 'alarm' });
    await insertMessage(server, t.teamId, t.userId, { kind: 'alarm', read: true });
    await insertMessage(server, t.teamId, null, { kind: 'notice' });
    expect(await counts(t.token)).toEqual({
      total: { notice: 0, billing: 0, alarm: 2 },
      unread: { notice: 0, billing: 0, alarm: 1 },
    });
  });
});
