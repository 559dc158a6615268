import {
  CardStatus,
  ErrorCode,
  tagLevelOf,
  validateTagLevelUpgrade,
  type TagAllocateBody,
  type TagAllocation,
  type TagAllocationsReply,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import { cardStatus } from './billing.presenter.ts';
import type { CardRepo } from './card.repo.ts';

/**
 * TAG allocation (ca-allocate 19): a device of the caller's scope (else 1003) gets the TAGs of a
 * level (TagLevels). The level only goes up (1006 validation.tagLevel.upgradeOnly); the TAGs stay
 * with the device (one row per device registration, whatever binding). The new level is funded
 * by one active CA card of the team of exactly that level with enough TAGs left, the one expiring
 * first (use it or lose it); none: 1100 (data: level, needed, left). An upgrade gives the old
 * level's TAGs back to their card. One transaction, the team's cards locked on PostgreSQL (SQLite
 * runs one write transaction at a time), so two allocations cannot overdraw a card.
 */
export class TagAllocationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly cards: CardRepo,
    private readonly ledger: BillingLedgerRepo,
    private readonly now: () => number = Date.now,
    /** After the commit: the device's TAG limit changed. */
    private readonly allocated: (teamId: number, deviceId: number) => void = () => undefined,
  ) {}

  async allocate(caller: CurrentUser, body: TagAllocateBody): Promise<TagAllocation> {
    const result = await this.allocateIn(caller, body);
    this.allocated(caller.teamId, result.device_id);
    return result;
  }

  private allocateIn(caller: CurrentUser, body: TagAllocateBody): Promise<TagAllocation> {
    const step = tagLevelOf(body.level)!;
    return this.db.transaction().execute(async (trx) => {
      const device = await this.ledger.deviceInScope(caller.scope, body.device_id, trx);
      if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
      if (this.engine === 'postgres') await this.cards.lockTeamCards(caller.teamId, trx);
      const current = await this.ledger.allocationOf(device.id, trx);
      assertValid('level', validateTagLevelUpgrade(current?.level ?? null, body.level));
      const now = this.now();
      const [cards, allocated] = await Promise.all([
        this.cards.teamCards(caller.teamId, trx),
        this.ledger.allocatedByCard(caller.teamId, trx),
      ]);
      const candidates = cards
        .filter((c) => c.type === 'ca' && c.level === body.level && cardStatus(c, now) === CardStatus.Active)
        .map((c) => ({ card: c, left: c.tags - (allocated.get(c.id) ?? 0) }))
        .sort((a, b) => a.card.expires_at! - b.card.expires_at! || a.card.id - b.card.id);
      const funding = candidates.find((c) => c.left >= step.tags);
      if (!funding) {
        const left = candidates.reduce((n, c) => n + Math.max(0, c.left), 0);
        throw new AppError(ErrorCode.E1100_TAG_COUNT_OVER_LIMIT, {
          level: body.level,
          needed: step.tags,
          left,
        });
      }
      const allocation = {
        device_id: device.id,
        team_id: caller.teamId,
        card_id: funding.card.id,
        level: body.level,
        tags: step.tags,
      };
      await this.ledger.upsertAllocation(allocation, now, trx);
      await this.ledger.appendRecord(
        {
          team_id: caller.teamId,
          user_id: caller.id,
          kind: 'allocation',
          type: 'ca',
          card_id: funding.card.id,
          device_id: device.id,
          detail: JSON.stringify({ level: body.level, tags: step.tags, from_level: current?.level ?? null }),
          created_at: now,
        },
        trx,
      );
      return {
        ...allocation,
        device_name: device.name,
        sn: device.sn,
        interval_s: step.interval_s,
        updated_at: now,
      };
    });
  }

  /** The allocations of the devices the caller sees. */
  async list(caller: CurrentUser): Promise<TagAllocationsReply> {
    const rows = await this.ledger.allocations(caller.scope);
    return {
      list: rows.map((r) => ({ ...r, interval_s: tagLevelOf(r.level)?.interval_s ?? 0 })),
    };
  }
}
