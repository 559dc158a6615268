import { ErrorCode, tagLevelOf, type DeviceTagQuota } from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingLedgerRepo } from './billing-ledger.repo.ts';
import type { TemplateLockService } from './template-locks.ts';

/** What a device may collect (docs/api.md, Billing, TAG enforcement). */
export interface DeviceQuota {
  /** TAGs it collects (its template's first ones, then its points); null: no allocation (free tier). */
  tags: number | null;
  /** Least time between two stored samples, ms (0: no limit, the free tier). */
  intervalMs: number;
  /** Its template is locked: nothing is collected. */
  templateLocked: boolean;
}

/**
 * TAG enforcement and template locks as the other modules need them: ingest (`quotaOf`, once per
 * load of its device cache), monitor points (`tagLimit`: 1100 beyond it), and the uses of a
 * template that a lock refuses with 1052 (`assertUsable`: edit, assignment, settag, rules).
 * A device with an allocation gets the allocation's TAGs and its level's interval; without one,
 * the free tier: `devices.tag_limit` TAGs (100 unless an operator changed it) and no interval.
 */
export class DeviceQuotaService {
  constructor(
    private readonly ledger: BillingLedgerRepo,
    private readonly locks: TemplateLockService,
  ) {}

  async quotaOf(device: { id: number; teamId: number; templateId: number | null }): Promise<DeviceQuota> {
    const [allocation, locked] = await Promise.all([
      this.ledger.allocationOf(device.id),
      device.templateId === null ? undefined : this.locks.cachedLockedOf(device.teamId),
    ]);
    const level = allocation ? tagLevelOf(allocation.level) : undefined;
    return {
      tags: allocation ? allocation.tags : null,
      intervalMs: level ? level.interval_s * 1000 : 0,
      templateLocked: device.templateId !== null && locked !== undefined && locked.has(device.templateId),
    };
  }

  /** The TAGs a device may have (template tags plus points): its allocation, else `freeLimit`. */
  async tagLimit(deviceId: number, freeLimit: number, db?: Transaction<Database>): Promise<number> {
    const allocation = await this.ledger.allocationOf(deviceId, db);
    return allocation ? allocation.tags : freeLimit;
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
      tag_limit: allocation ? allocation.tags : device.tag_limit,
      level: allocation ? allocation.level : null,
      interval_s: allocation ? (tagLevelOf(allocation.level)?.interval_s ?? 0) : 0,
      template_locked: locked,
    };
  }

  /** 1052 when the template is locked for the team. */
  async assertUsable(teamId: number, templateId: number | null): Promise<void> {
    if (templateId !== null && (await this.locks.isLocked(teamId, templateId))) {
      throw new AppError(ErrorCode.E1052_TEMPLATE_LOCKED);
    }
  }
}
