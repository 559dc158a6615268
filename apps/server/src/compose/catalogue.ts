import type { CreatorGrants } from '../lib/creator-grants.ts';
import { AlarmGroupRepo } from '../modules/alarm-rule/alarm-group.repo.ts';
import { AlarmGroupService } from '../modules/alarm-rule/alarm-group.service.ts';
import { AlarmRuleChanges } from '../modules/alarm-rule/alarm-rule.changes.ts';
import { AlarmRuleImporter } from '../modules/alarm-rule/alarm-rule.import.ts';
import type { AlarmRuleRepo } from '../modules/alarm-rule/alarm-rule.repo.ts';
import { AlarmRuleService } from '../modules/alarm-rule/alarm-rule.service.ts';
import type {
  BillingAccountService,
  DeviceQuotaService,
  TemplateLockService,
} from '../modules/billing/index.ts';
import type { DeviceConfigPublisher, DeviceConnectionService } from '../modules/device-connection/index.ts';
import { DeviceGroupRepo } from '../modules/device-group/device-group.repo.ts';
import { DeviceGroupService } from '../modules/device-group/device-group.service.ts';
import { BindThrottle } from '../modules/device/bind-throttle.ts';
import { BindingWall } from '../modules/device/binding-wall.ts';
import { DeviceDataRepo } from '../modules/device/device-data.repo.ts';
import { DeviceRepo } from '../modules/device/device.repo.ts';
import { DeviceService } from '../modules/device/device.service.ts';
import type { HistoryStore } from '../modules/history-store/index.ts';
import { LabelRepo } from '../modules/label/label.repo.ts';
import { LabelService } from '../modules/label/label.service.ts';
import { MonitorRepo } from '../modules/monitor/monitor.repo.ts';
import { MonitorService } from '../modules/monitor/monitor.service.ts';
import type { Catalogue, DeviceReferences } from '../modules/device/index.ts';
import type { TemplateRepo } from '../modules/device/template.repo.ts';
import { TemplateService } from '../modules/device/template.service.ts';
import type { RateLimiter } from '../modules/verification/rate-limit.service.ts';
import type { Infrastructure } from './infrastructure.ts';

export interface CatalogueNeeds {
  catalogue: Catalogue;
  creators: CreatorGrants;
  limiter: RateLimiter;
  historyStore: HistoryStore;
  deviceConfig: DeviceConfigPublisher;
  deviceConnections: DeviceConnectionService;
  ruleRepo: AlarmRuleRepo;
  templateRepo: TemplateRepo;
  billingAccount: BillingAccountService;
  templateLocks: TemplateLockService;
  deviceQuotas: DeviceQuotaService;
  /** What projects hold of devices (unbinding asks them: 1091). */
  deviceReferences: DeviceReferences;
}

/**
 * The device catalogue: devices (bound behind the binding wall), their groups and labels,
 * templates (their allowance and locks from billing) and the templates' alarm rules, and the
 * monitor screen over them.
 */
export function composeCatalogue({ db, dbEngine, config, bus }: Infrastructure, needs: CatalogueNeeds) {
  const { creators, historyStore, deviceConfig, ruleRepo } = needs;
  const deviceGroups = new DeviceGroupService(db, new DeviceGroupRepo(db), creators, bus);
  const labels = new LabelService(new LabelRepo(db));
  const templates = new TemplateService(
    db,
    config,
    needs.templateRepo,
    deviceConfig,
    ruleRepo,
    creators,
    needs.billingAccount,
    needs.templateLocks,
  );
  const bindingWall = new BindingWall(db, bus, historyStore, new DeviceDataRepo(), needs.deviceConnections);
  const alarmGroupRepo = new AlarmGroupRepo(db);
  const ruleChanges = new AlarmRuleChanges(db, dbEngine, templates, deviceConfig, bus);
  const alarmGroups = new AlarmGroupService(db, alarmGroupRepo, ruleChanges);
  const alarmRules = new AlarmRuleService(ruleRepo, alarmGroups, templates, ruleChanges);
  return {
    services: {
      deviceGroups,
      labels,
      templates,
      devices: new DeviceService(
        db,
        new DeviceRepo(db),
        deviceGroups,
        labels,
        templates,
        deviceConfig,
        new BindThrottle(needs.limiter),
        bindingWall,
        creators,
        bus,
        needs.deviceReferences,
      ),
      monitor: new MonitorService(
        db,
        new MonitorRepo(db, needs.catalogue),
        needs.catalogue.tags,
        deviceConfig,
        needs.deviceQuotas,
      ),
      alarmGroups,
      alarmRules,
      alarmImporter: new AlarmRuleImporter(alarmRules, ruleRepo, alarmGroupRepo, templates, ruleChanges),
    },
  };
}

export type CatalogueGroup = ReturnType<typeof composeCatalogue>;
