import {
  CardStatus,
  ErrorCode,
  Limits,
  trafficMonthOf,
  validateTrafficMonth,
  validateTrafficOff,
  type MonthTrafficBody,
  type MonthTrafficList,
  type RaAllocateBody,
  type RaAllocation,
  type RaTrafficReply,
  type TrafficMonthState,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { leftOf, prompt12gOf, usedOf, type TrafficLedgerService } from './traffic-ledger.service.ts';
import type { TrafficRepo } from './traffic.repo.ts';
import { cardStatus } from './billing.presenter.ts';
import { presentRaAllocation } from './traffic.presenter.ts';

const noData = () => new AppError(ErrorCode.E1003_NO_DATA);

/**
 * Remote Access traffic of the console (docs/api.md, Billing: Remote Access traffic): allocating
 * an RA card to a device (ra-allocate 21), the monthly switch (POST /diacom/monthtraffic, 21) and
 * a device's cards and months (view 17). Devices: the team's, in the caller's data scope (1003).
 */
export class TrafficService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: TrafficRepo,
    private readonly ledger: BillingLedgerRepo,
    private readonly traffic: TrafficLedgerService,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The card (the team's RA card: else 1003) goes to the device for good: outdated 1057; already
   * allocated to another device 1056 (to this device: answered again, nothing recorded). The
   * primary key on card_id settles a race: the loser gets 1056.
   */
  async allocate(caller: CurrentUser, body: RaAllocateBody): Promise<RaAllocation> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const device = await this.ledger.deviceInScope(caller.scope, body.device_id, trx);
      if (!device) throw noData();
      const card = await this.repo.raCardOfTeam(body.card_id, caller.teamId, trx);
      if (!card) throw noData();
      if (cardStatus(card, now) !== CardStatus.Active) throw new AppError(ErrorCode.E1057_RA_EXPIRED);
      const fresh = await this.repo.insertAllocation(
        { card_id: card.id, device_id: device.id, team_id: caller.teamId, allocated_by: caller.id },
        now,
        trx,
      );
      const mine = (await this.repo.deviceCards(device.id, trx)).find((c) => c.card_id === card.id);
      if (!mine) throw new AppError(ErrorCode.E1056_RA_CARD_ALREADY_ALLOCATED);
      if (fresh) {
        await this.ledger.appendRecord(
          {
            team_id: caller.teamId,
            user_id: caller.id,
            kind: 'allocation',
            type: 'ra',
            card_id: card.id,
            device_id: device.id,
            detail: JSON.stringify({ gigabytes: card.gigabytes, expires_at: card.expires_at }),
            created_at: now,
          },
          trx,
        );
      }
      return presentRaAllocation(mine, now);
    });
  }

  /**
   * Switches the device's traffic of a month (default: the current UTC month) on or off. Past
   * months: 1006 validation.traffic.pastMonth. On: needs traffic now (every card outdated 1057;
   * none, or nothing left 1046); `confirm_12g` answers the month's 12G prompt. Off: refused while
   * the month runs once on (1006 validation.traffic.lockedForMonth).
   */
  async setMonth(caller: CurrentUser, body: MonthTrafficBody): Promise<TrafficMonthState> {
    const now = this.now();
    const current = trafficMonthOf(now);
    const month = body.month ?? current;
    await this.db.transaction().execute(async (trx) => {
      const device = await this.ledger.deviceInScope(caller.scope, body.device_id, trx);
      if (!device) throw noData();
      assertValid('month', validateTrafficMonth(month, current));
      const row = await this.repo.monthOf(device.id, month, trx);
      const isOn = row?.on_at != null;
      if (!body.on) {
        assertValid('on', validateTrafficOff(month, current, isOn));
        if (isOn) await this.repo.setOff(device.id, month, now, trx);
        return;
      }
      if (!isOn) {
        const cards = await this.repo.deviceCards(device.id, trx);
        if (cards.length > 0 && cards.every((c) => cardStatus(c, now) !== CardStatus.Active)) {
          throw new AppError(ErrorCode.E1057_RA_EXPIRED);
        }
        if (cards.reduce((n, c) => n + leftOf(c, now), 0) <= 0) {
          throw new AppError(ErrorCode.E1046_INSUFFICIENT_TRAFFIC);
        }
        await this.repo.setOn(device.id, month, caller.id, now, trx);
      }
      if (body.confirm_12g && usedOf(row) >= Limits.trafficPromptBytes) {
        await this.repo.confirm12g(device.id, month, now, trx);
      }
    });
    return this.traffic.monthState(body.device_id, month, now);
  }

  /** The month's traffic of every bound device in the caller's scope (default: this month). */
  async monthList(caller: CurrentUser, month?: string): Promise<MonthTrafficList> {
    const now = this.now();
    const m = month ?? trafficMonthOf(now);
    const rows = await this.repo.monthOfScope(caller.scope, m);
    const list = await Promise.all(
      rows.map(async (r) => {
        const up = r.bytes_up ?? 0;
        const down = r.bytes_down ?? 0;
        return {
          device_id: r.id,
          name: r.name,
          month: m,
          on: r.on_at != null,
          bytes_up: up,
          bytes_down: down,
          used_bytes: up + down,
          remaining_bytes: await this.traffic.remaining(r.id, now),
          prompt_12g:
            up + down < Limits.trafficPromptBytes
              ? null
              : r.confirmed_12g_at != null
                ? ErrorCode.E1048_TRAFFIC_12G_CONFIRMED
                : ErrorCode.E1047_TRAFFIC_12G_CONFIRM,
        };
      }),
    );
    return { month: m, list };
  }

  /** The device's RA cards, what they have left, and its months (or one month). */
  async deviceTraffic(caller: CurrentUser, q: { device_id: number; month?: string | undefined }) {
    const device = await this.ledger.deviceInScope(caller.scope, q.device_id);
    if (!device) throw noData();
    const now = this.now();
    const [cards, months] = await Promise.all([
      this.repo.deviceCards(device.id),
      this.repo.months(device.id, q.month),
    ]);
    const reply: RaTrafficReply = {
      device_id: device.id,
      remaining_bytes: cards.reduce((n, c) => n + leftOf(c, now), 0),
      cards: cards.map((c) => presentRaAllocation(c, now)),
      months: months.map((m) => ({
        month: m.month,
        on: m.on_at !== null,
        bytes_up: m.bytes_up,
        bytes_down: m.bytes_down,
        used_bytes: usedOf(m),
        prompt_12g: prompt12gOf(m),
        updated_at: m.updated_at,
      })),
    };
    return reply;
  }
}
