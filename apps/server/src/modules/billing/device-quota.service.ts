import { ErrorCode, FreeTier, tagLevelOf, type DeviceTagQuota } from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import type { TemplateLockService } from './template-locks.ts';

/** What a device may collect (docs/api.md, Billing, TAG enforcement). */
export interface DeviceQuota {
  /** TAGs it collects (its template's first ones, then its points); null: `devices.tag_limit` (no billing). */
  tags: number | null;
  /** Least time between two stored samples, ms (0: no limit, where there is no billing). */
  intervalMs: number;
  /** Its template is locked: nothing is collected. */
  templateLocked: boolean;
}

/**
 * TAG enforcement and template locks as the other modules need them: ingest (`quotaOf`, once per
 * load of its device cache), monitor points (`tagLimit`: 1100 beyond it), and the uses of a
 * template that a lock refuses with 1052 (`assertUsable`: edit, assignment, settag, rules).
 * A device with an allocation gets the allocation's TAGs and its level's interval; without one,
 * the free tier (FreeTier: fewer TAGs than level 1, its interval; `devices.tag_limit` may lower
 * the TAGs further). Where there is no billing (region cn, BILLING_ENABLED=false: `billing`
 * false) no quota applies: `devices.tag_limit` TAGs (the operator's cap, 100), no interval, no
 * template lock.
 */
export class DeviceQuotaService {
  constructor(
    private readonly ledger: BillingLedgerRepo,
    private readonly locks: TemplateLockService,
    private readonly billing = true,
  ) {}

  /** `tagLimit`: the device's `devices.tag_limit` (the free tier never exceeds it). */
  async quotaOf(device: {
    id: number;
    teamId: number;
    templateId: number | null;
    tagLimit?: number;
  }): Promise<DeviceQuota> {
    if (!this.billing) return { tags: null, intervalMs: 0, templateLocked: false };
    const [allocation, locked] = await Promise.all([
      this.ledger.allocationOf(device.id),
      device.templateId === null ? undefined : this.locks.cachedLockedOf(device.teamId),
    ]);
    const level = allocation ? tagLevelOf(allocation.level) : undefined;
    const free = {
      tags: Math.min(FreeTier.tags, device.tagLimit ?? FreeTier.tags),
      interval_s: FreeTier.interval_s,
    };
    return {
      tags: allocation ? allocation.tags : free.tags,
      intervalMs: (level ?? free).interval_s * 1000,
      templateLocked: device.templateId !== null && locked !== undefined && locked.has(device.templateId),
    };
  }

  /**
   * The TAGs a device may have (template tags plus points): its allocation, else the free tier
   * (at most `deviceLimit`, its devices.tag_limit); without billing `deviceLimit`.
   */
  async tagLimit(deviceId: number, deviceLimit: number, db?: Transaction<Database>): Promise<number> {
    if (!this.billing) return deviceLimit;
    const allocation = await this.ledger.allocationOf(deviceId, db);
    return allocation ? allocation.tags : Math.min(FreeTier.tags, deviceLimit);
  }

  /**
   * One device of the caller's scope (else 1003) against its limit (GET /billing/tag/device): the
   * device page warns when its template has more TAGs than it may collect, or is locked.
   */
  async deviceTags(caller: CurrentUser, deviceId: number): Promise<DeviceTagQuota> {
    const device = await this.ledger.quotaDeviceInScope(caller.scope, deviceId);
    if (!device) throw new AppError(ErrorCode.E1003_NO_DATA);
    const [counts, allocation, locked] = await Promise.all([
      this.ledger.tagCounts(device),
      this.ledger.allocationOf(device.id),
      device.template_id === null ? false : this.locks.isLocked(caller.teamId, device.template_id),
    ]);
    return {
      device_id: device.id,
      template_id: device.template_id,
      template_tags: counts.template,
      tag_count: counts.template + counts.points,
      tag_limit: allocation ? allocation.tags : Math.min(FreeTier.tags, device.tag_limit),
      level: allocation ? allocation.level : null,
      interval_s: allocation ? (tagLevelOf(allocation.level)?.interval_s ?? 0) : FreeTier.interval_s,
      template_locked: locked,
    };
  }

  /** 1052 when the template is locked for the team. */
  async assertUsable(teamId: number, templateId: number | null): Promise<void> {
    if (this.billing && templateId !== null && (await this.locks.isLocked(teamId, templateId))) {
      throw new AppError(ErrorCode.E1052_TEMPLATE_LOCKED);
    }
  }
}
