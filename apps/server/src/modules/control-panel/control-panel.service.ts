import {
  CardStatus,
  ControlPanelLimits,
  isRegion,
  Perm,
  trafficMonthOf,
  type ControlPanelSummary,
  type DeviceSummary,
  type PanelQuota,
  type Region,
} from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { BillingAccountService } from '../billing/index.ts';
import type { ControlPanelRepo } from './control-panel.repo.ts';

const HOUR = 3_600_000;
const GIB = 1024 ** 3;

/**
 * The control panel (/operations/controlpanel, controlpanel-view 46): one summary of the caller's
 * data scope (docs/api.md, Control panel). Quota usage comes from billing's account service and
 * is left out where there is no billing (region cn, BILLING_ENABLED=false: `billing` null) and for
 * callers who may not see the billing account (17).
 */
export class ControlPanelService {
  constructor(
    private readonly repo: ControlPanelRepo,
    private readonly billing: Pick<BillingAccountService, 'myAccount'> | null,
    private readonly region: Region,
    private readonly now: () => number = Date.now,
  ) {}

  async summary(caller: CurrentUser): Promise<ControlPanelSummary> {
    const at = this.now();
    const scope = caller.scope;
    const [counts, alarming, levels, list, day, week, offline, outOfSync, changes, centers, quota] =
      await Promise.all([
        this.repo.counts(scope),
        this.repo.alarmingDevices(scope),
        this.repo.activeByLevel(scope),
        this.repo.activeAlarms(scope, ControlPanelLimits.alarms),
        this.repo.topAlarmDevices(scope, at - 24 * HOUR, ControlPanelLimits.top),
        this.repo.topAlarmDevices(scope, at - 7 * 24 * HOUR, ControlPanelLimits.top),
        this.repo.offlineLongest(scope, ControlPanelLimits.offline),
        this.repo.outOfSync(scope, ControlPanelLimits.outOfSync),
        this.repo.recentChanges(scope, ControlPanelLimits.changes),
        this.repo.dataCenters(caller.id),
        this.quota(caller, at),
      ]);
    const summary: DeviceSummary = {
      alarm: alarming,
      last: changes[0]?.at ?? null,
      offline: counts.total - counts.online,
      online: counts.online,
      total: counts.total,
    };
    const regions = centers.filter(isRegion);
    return {
      summary,
      ...(regions.length > 1
        ? { regions: regions.map((region) => ({ region, summary: region === this.region ? summary : null })) }
        : {}),
      changes: changes.map((c) => ({ ...c })),
      alarms: {
        levels: levels.sort((a, b) => b.level - a.level),
        total: levels.reduce((n, l) => n + l.count, 0),
        list: list.map((a) => ({
          ...a,
          level: a.level as ControlPanelSummary['alarms']['list'][number]['level'],
        })),
      },
      top_alarms: { day, week },
      offline_longest: offline,
      out_of_sync: { devices: counts.outOfSync, templates: counts.outOfSyncTemplates, list: outOfSync },
      quota,
      at,
    };
  }

  private async quota(caller: CurrentUser, at: number): Promise<PanelQuota | null> {
    if (!this.billing) return null;
    if (!caller.isMain && !caller.permissions.has(Perm.AccountView)) return null;
    const month = trafficMonthOf(at);
    const [account, usedBytes] = await Promise.all([
      this.billing.myAccount(caller),
      this.repo.monthTraffic(caller.teamId, month),
    ]);
    const leftGib = account.cards
      .filter((c) => c.type === 'ra' && c.status === CardStatus.Active)
      .reduce((n, c) => n + c.left.gigabytes, 0);
    return {
      templates: account.templates,
      tags: account.tags.reduce((s, l) => ({ used: s.used + l.used, total: s.total + l.total }), {
        used: 0,
        total: 0,
      }),
      traffic: { month, used_bytes: usedBytes, left_bytes: Math.round(leftGib * GIB) },
    };
  }
}
