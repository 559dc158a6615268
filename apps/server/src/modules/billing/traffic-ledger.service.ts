import {
  CardStatus,
  ErrorCode,
  GIB,
  Limits,
  trafficMonthOf,
  type Prompt12g,
  type TrafficMonthState,
} from '@hmi/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import type { DeviceTrafficTable } from '../../db/tables/billing.ts';
import { cardStatus } from './billing.presenter.ts';
import type { DeviceCard, TrafficRepo } from './traffic.repo.ts';

/** Bytes of one usage report of a remote access session. */
export interface TrafficBytes {
  up: number;
  down: number;
}

/**
 * May a remote access session of the device start now (docs/api.md, Billing: Remote Access
 * traffic)? 0: yes; 1048: yes, past 12 GiB this month and confirmed; 1047: no, 12 GiB reached and
 * not confirmed (the 12G prompt: ask, then call again with the answer); 1057: no, every RA card
 * of the device is outdated; 1046: no traffic (`reason` noTraffic: no active card or nothing
 * left on them; switchedOff: the month's traffic is not on).
 */
export type StartVerdict =
  | { code: 0 | typeof ErrorCode.E1048_TRAFFIC_12G_CONFIRMED; state: TrafficMonthState }
  | { code: typeof ErrorCode.E1047_TRAFFIC_12G_CONFIRM; state: TrafficMonthState }
  | { code: typeof ErrorCode.E1057_RA_EXPIRED; state: TrafficMonthState }
  | {
      code: typeof ErrorCode.E1046_INSUFFICIENT_TRAFFIC;
      reason: 'noTraffic' | 'switchedOff';
      state: TrafficMonthState;
    };

/** True when the verdict lets the session start (0, or 1048: confirmed past 12 GiB). */
export const startAllowed = (v: StartVerdict): boolean =>
  v.code === 0 || v.code === ErrorCode.E1048_TRAFFIC_12G_CONFIRMED;

type MonthRow = Selectable<DeviceTrafficTable>;

export const usedOf = (row: MonthRow | undefined): number => (row ? row.bytes_up + row.bytes_down : 0);

/** The month's 12G prompt: null below 12 GiB, 1048 confirmed, else 1047. */
export function prompt12gOf(row: MonthRow | undefined): Prompt12g {
  if (usedOf(row) < Limits.trafficPromptBytes) return null;
  return row?.confirmed_12g_at != null
    ? ErrorCode.E1048_TRAFFIC_12G_CONFIRMED
    : ErrorCode.E1047_TRAFFIC_12G_CONFIRM;
}

/** What a card has left at `at`: nothing once outdated; never below 0. */
export function leftOf(card: DeviceCard, at: number): number {
  if (cardStatus(card, at) !== CardStatus.Active) return 0;
  return Math.max(0, card.gigabytes * GIB - card.used_bytes);
}

/**
 * The Remote Access traffic ledger, keyed by device registration (devices.id) and UTC month. The
 * remote access sessions report their bytes with `record` and ask `canStart` before a session;
 * `remaining` is what the device's active RA cards have left. Usage is charged to the device's
 * active card expiring first (then the next); what no card covers is still counted in the month
 * (a session is expected to stop at 0: `canStart` refuses with 1046). Times are the callers';
 * `now` (the billing module's clock) is the default.
 */
export class TrafficLedgerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly repo: TrafficRepo,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Adds a report's bytes to the device's month and charges them to its cards. One transaction:
   * the month row is one upsert increment (concurrent reports add up), and on PostgreSQL the
   * device's allocations are locked while charged (SQLite runs one write transaction at a time).
   */
  async record(deviceKey: number, bytes: TrafficBytes, at: number = this.now()): Promise<void> {
    const up = Math.max(0, Math.trunc(bytes.up));
    const down = Math.max(0, Math.trunc(bytes.down));
    if (up + down === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await this.repo.addUsage(deviceKey, trafficMonthOf(at), up, down, at, trx);
      if (this.engine === 'postgres') await this.repo.lockDeviceCards(deviceKey, trx);
      let due = up + down;
      for (const card of await this.repo.deviceCards(deviceKey, trx)) {
        if (due === 0) break;
        const take = Math.min(due, leftOf(card, at));
        if (take === 0) continue;
        await this.repo.chargeCard(card.card_id, take, at, trx);
        due -= take;
      }
    });
  }

  /** Bytes the device's RA cards active at `at` have left. */
  async remaining(deviceKey: number, at: number = this.now()): Promise<number> {
    const cards = await this.repo.deviceCards(deviceKey);
    return cards.reduce((n, c) => n + leftOf(c, at), 0);
  }

  /** The device's state in `month` (remaining: as of `at`). */
  async monthState(deviceKey: number, month: string, at: number = this.now()): Promise<TrafficMonthState> {
    const [row, remaining] = await Promise.all([
      this.repo.monthOf(deviceKey, month),
      this.remaining(deviceKey, at),
    ]);
    return {
      device_id: deviceKey,
      month,
      on: row?.on_at != null,
      used_bytes: usedOf(row),
      remaining_bytes: remaining,
      prompt_12g: prompt12gOf(row),
    };
  }

  /**
   * Whether a session may start at `at` (StartVerdict). `confirmed12g`: the user answered the
   * 12G prompt; kept for the month once 12 GiB are reached (a confirmation before is ignored).
   */
  async canStart(deviceKey: number, at: number = this.now(), confirmed12g = false): Promise<StartVerdict> {
    const month = trafficMonthOf(at);
    const cards = await this.repo.deviceCards(deviceKey);
    const expired = cards.length > 0 && cards.every((c) => cardStatus(c, at) !== CardStatus.Active);
    let row = await this.repo.monthOf(deviceKey, month);
    if (
      confirmed12g &&
      row &&
      row.on_at !== null &&
      prompt12gOf(row) === ErrorCode.E1047_TRAFFIC_12G_CONFIRM
    ) {
      await this.repo.confirm12g(deviceKey, month, at, this.db);
      row = await this.repo.monthOf(deviceKey, month);
    }
    const state: TrafficMonthState = {
      device_id: deviceKey,
      month,
      on: row?.on_at != null,
      used_bytes: usedOf(row),
      remaining_bytes: cards.reduce((n, c) => n + leftOf(c, at), 0),
      prompt_12g: prompt12gOf(row),
    };
    if (expired) return { code: ErrorCode.E1057_RA_EXPIRED, state };
    if (state.remaining_bytes <= 0)
      return { code: ErrorCode.E1046_INSUFFICIENT_TRAFFIC, reason: 'noTraffic', state };
    if (!state.on) return { code: ErrorCode.E1046_INSUFFICIENT_TRAFFIC, reason: 'switchedOff', state };
    return { code: state.prompt_12g ?? 0, state };
  }
}
