import { ErrorCode, GIB, Limits, trafficMonthOf } from '@hmi/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { activateCard, issueTestCard } from './billing-test-helpers.ts';
import { TrafficLedgerService } from './traffic-ledger.service.ts';
import { TrafficRepo } from './traffic.repo.ts';
import { TrafficService } from './traffic.service.ts';

/*
 * The traffic ledger and its rules on a clock the test moves (the billing services take `now`).
 * Cards are activated for real (a year from now); the clock starts on the 10th of next month.
 */
const DAY = 86_400_000;
let server: TestServer;
let clock: number;
let ledger: TrafficLedgerService;
let traffic: TrafficService;
let a: Awaited<ReturnType<typeof createActiveUser>>;
let caller: CurrentUser;

beforeAll(async () => {
  server = await startDeviceTestServer();
  const db = server.app.db;
  const repo = new TrafficRepo(db);
  ledger = new TrafficLedgerService(db, server.app.dbEngine, repo, () => clock);
  traffic = new TrafficService(db, repo, new BillingLedgerRepo(db), ledger, () => clock);
  a = await createActiveUser(server);
  caller = (await server.app.services.principals.authenticate(a.tokens.token))!;
});
afterAll(async () => server?.close());
beforeEach(() => {
  const now = new Date();
  clock = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10);
});

/** A device of team A with RA cards of these gigabytes allocated (expiring a year from now). */
async function deviceWith(...gigabytes: number[]) {
  const device = await buildDevice(server, a.tokens.token);
  const cards = [];
  for (const gb of gigabytes) {
    const issued = await issueTestCard(server, { type: 'ra', gigabytes: gb });
    const card = await activateCard(server, a.tokens.token, 'ra', issued);
    await traffic.allocate(caller, { card_id: card.id, device_id: device.id });
    cards.push(card);
  }
  return { device, cards };
}
const used = async (cardId: number) =>
  (
    await server.app.db
      .selectFrom('ra_card_allocations')
      .select('used_bytes')
      .where('card_id', '=', cardId)
      .executeTakeFirstOrThrow()
  ).used_bytes;
const setExpiry = (cardId: number, at: number) =>
  server.app.db.updateTable('cards').set({ expires_at: at }).where('id', '=', cardId).execute();

describe('traffic ledger', () => {
  it('charges the card expiring first, then the next; an outdated card leaves the remainder', async () => {
    const { device, cards } = await deviceWith(2, 1);
    const [late, early] = [cards[0]!, cards[1]!];
    await setExpiry(early.id, clock + 30 * DAY);
    await ledger.record(device.id, { up: GIB, down: GIB / 2 }, clock);
    expect(await used(early.id)).toBe(GIB);
    expect(await used(late.id)).toBe(GIB / 2);
    expect(await ledger.remaining(device.id, clock)).toBe(1.5 * GIB);
    expect(await ledger.remaining(device.id, clock + 31 * DAY)).toBe(1.5 * GIB);
    await setExpiry(early.id, clock + DAY);
    await ledger.record(device.id, { up: 0, down: 100 }, clock + 2 * DAY);
    expect(await used(late.id)).toBe(GIB / 2 + 100);
  });

  it('loses no concurrent report (one upsert increment per report)', async () => {
    const { device, cards } = await deviceWith(1);
    const n = 40;
    await Promise.all(
      Array.from({ length: n }, () => ledger.record(device.id, { up: 1000, down: 24 }, clock)),
    );
    const row = await server.app.db
      .selectFrom('device_traffic')
      .selectAll()
      .where('device_id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ month: trafficMonthOf(clock), bytes_up: n * 1000, bytes_down: n * 24 });
    expect(await used(cards[0]!.id)).toBe(n * 1024);
  });

  it('canStart: 1046 without traffic or switched off, 0, 1047 at 12 GiB, 1048 once confirmed, 1057 outdated', async () => {
    const bare = await buildDevice(server, a.tokens.token);
    expect(await ledger.canStart(bare.id, clock)).toMatchObject({ code: 1046, reason: 'noTraffic' });

    const { device, cards } = await deviceWith(20);
    expect(await ledger.canStart(device.id, clock)).toMatchObject({ code: 1046, reason: 'switchedOff' });
    await traffic.setMonth(caller, { device_id: device.id, on: true });
    expect(await ledger.canStart(device.id, clock)).toMatchObject({ code: 0, state: { on: true } });

    await ledger.record(device.id, { up: 0, down: Limits.trafficPromptBytes - 1 }, clock);
    expect((await ledger.canStart(device.id, clock)).code).toBe(0);
    await ledger.record(device.id, { up: 1, down: 0 }, clock);
    const prompt = await ledger.canStart(device.id, clock);
    expect(prompt).toMatchObject({ code: ErrorCode.E1047_TRAFFIC_12G_CONFIRM, state: { prompt_12g: 1047 } });
    expect((await ledger.canStart(device.id, clock, true)).code).toBe(ErrorCode.E1048_TRAFFIC_12G_CONFIRMED);
    // Confirmed for the month: later sessions go on without asking.
    expect((await ledger.canStart(device.id, clock)).code).toBe(ErrorCode.E1048_TRAFFIC_12G_CONFIRMED);

    // Next month: off again (switched per month), the prompt starts over.
    clock = Date.UTC(new Date(clock).getUTCFullYear(), new Date(clock).getUTCMonth() + 1, 2);
    expect(await ledger.canStart(device.id, clock)).toMatchObject({ code: 1046, reason: 'switchedOff' });
    const state = await traffic.setMonth(caller, { device_id: device.id, on: true });
    expect(state).toMatchObject({ on: true, used_bytes: 0, prompt_12g: null, remaining_bytes: 8 * GIB });

    // Every byte left used: 1046; the card outdated: 1057.
    await ledger.record(device.id, { up: 0, down: 8 * GIB }, clock);
    expect(await ledger.canStart(device.id, clock)).toMatchObject({ code: 1046, reason: 'noTraffic' });
    await setExpiry(cards[0]!.id, clock - 1);
    expect((await ledger.canStart(device.id, clock)).code).toBe(ErrorCode.E1057_RA_EXPIRED);
  });

  it('the switch answers the 12G prompt with confirm_12g', async () => {
    const { device } = await deviceWith(13);
    await traffic.setMonth(caller, { device_id: device.id, on: true, confirm_12g: true });
    // Before 12 GiB a confirmation is not kept: the prompt has not appeared.
    await ledger.record(device.id, { up: 0, down: Limits.trafficPromptBytes }, clock);
    expect((await ledger.monthState(device.id, trafficMonthOf(clock), clock)).prompt_12g).toBe(1047);
    const state = await traffic.setMonth(caller, { device_id: device.id, on: true, confirm_12g: true });
    expect(state).toMatchObject({ prompt_12g: 1048, used_bytes: 12 * GIB, remaining_bytes: GIB });
  });

  it('once on, a month cannot be turned off that month; the next month can', async () => {
    const { device } = await deviceWith(1);
    const m = trafficMonthOf(clock);
    await traffic.setMonth(caller, { device_id: device.id, on: true });
    await expect(traffic.setMonth(caller, { device_id: device.id, on: false })).rejects.toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
    });

    clock += 25 * DAY; // the next month
    const next = trafficMonthOf(clock);
    expect(next).not.toBe(m);
    // The past month is history.
    await expect(
      traffic.setMonth(caller, { device_id: device.id, month: m, on: false }),
    ).rejects.toMatchObject({
      code: ErrorCode.E1006_BAD_PARAMETER,
    });
    expect(await traffic.setMonth(caller, { device_id: device.id, on: false })).toMatchObject({
      month: next,
      on: false,
    });
    const months = (await traffic.deviceTraffic(caller, { device_id: device.id })).months;
    expect(months.map((x) => [x.month, x.on])).toEqual([[m, true]]);
  });
});
