import { ControlPanelRepo } from '../modules/control-panel/control-panel.repo.ts';
import { ControlPanelService } from '../modules/control-panel/control-panel.service.ts';
import {
  BillingAccountService,
  BillingClock,
  CardActivationService,
  DeviceQuotaService,
  RechargeRecordService,
  TagAllocationService,
  TemplateLockService,
  TrafficLedgerService,
  TrafficService,
  type TemplateCounts,
} from '../modules/billing/index.ts';
import { BillingEventsRepo } from '../modules/billing/billing-events.repo.ts';
import { BillingLedgerRepo } from '../modules/billing/billing-ledger.repo.ts';
import { BillingNotifier, type BillingMessages } from '../modules/billing/billing-notifier.ts';
import { CardRepo } from '../modules/billing/card.repo.ts';
import type { TemplateCreations } from '../modules/billing/template-locks.ts';
import { TrafficRepo } from '../modules/billing/traffic.repo.ts';
import type { RateLimiter } from '../modules/verification/rate-limit.service.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

export interface BillingNeeds {
  /** A team's templates, read from the catalogue (the template service reads billing: not it). */
  templateReads: TemplateCounts & TemplateCreations;
  /** Where the billing messages job writes (the messages module). */
  messages: BillingMessages;
  /** Card activation attempts are rate limited (the verification module's limiter). */
  limiter: RateLimiter;
}

/**
 * Billing: cards make the template allowance that templates and getUserInfo read; templates
 * beyond it lock; devices collect what their TAG allocation allows; Remote Access traffic is
 * metered in the traffic ledger. One clock for card status, allowance, locks and the billing
 * messages job (tests move it).
 */
export function composeBilling({ db, dbEngine, config, bus, log }: Infrastructure, needs: BillingNeeds) {
  const cardRepo = new CardRepo(db);
  const billingLedger = new BillingLedgerRepo(db);
  const billingClock = new BillingClock();
  const now = billingClock.now;
  const billingAccount = new BillingAccountService(cardRepo, billingLedger, needs.templateReads, now);
  const templateLocks = new TemplateLockService(billingAccount, needs.templateReads, bus, now);
  const trafficRepo = new TrafficRepo(db);
  const trafficLedger = new TrafficLedgerService(db, dbEngine, trafficRepo, now);
  // Billing messages (cards expiring, expired): a job of every server, each event once.
  const billingNotifier = new BillingNotifier(
    db,
    new BillingEventsRepo(db),
    needs.messages,
    log,
    now,
    config.billingJobMs,
  );
  const services = {
    billingAccount,
    billingClock,
    templateLocks,
    deviceQuotas: new DeviceQuotaService(billingLedger, templateLocks, config.billingEnabled),
    trafficLedger,
    traffic: new TrafficService(db, trafficRepo, billingLedger, trafficLedger, now),
    controlPanel: new ControlPanelService(
      new ControlPanelRepo(db),
      config.billingEnabled ? billingAccount : null,
      config.region,
      now,
    ),
    cardActivation: new CardActivationService(
      db,
      cardRepo,
      billingLedger,
      needs.limiter,
      config.cardPepper,
      now,
      (teamId) => templateLocks.changed(teamId),
    ),
    tagAllocations: new TagAllocationService(db, dbEngine, cardRepo, billingLedger, now, (t, d) =>
      templateLocks.changed(t, [d]),
    ),
    billingNotifier,
    rechargeRecords: new RechargeRecordService(billingLedger),
  };
  /** Billing messages (none in region cn: it has no billing). */
  const notifierRunnable: Runnable = {
    start: () => (config.billingEnabled ? billingNotifier.start() : undefined),
    stop: () => billingNotifier.stop(),
  };
  return { services, notifierRunnable };
}

export type Billing = ReturnType<typeof composeBilling>;
