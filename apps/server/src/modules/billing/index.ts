/** Billing (the billing issue, parts 1 and 2): the billing module's public entry. */
export { billingRoutes } from './billing.routes.ts';
export { BillingAccountService, type TemplateCounts } from './billing-account.service.ts';
export { CardActivationService } from './card-activation.service.ts';
export { TagAllocationService } from './tag-allocation.service.ts';
export { RechargeRecordService } from './recharge-record.service.ts';
export { TrafficService } from './traffic.service.ts';
export {
  TrafficLedgerService,
  startAllowed,
  type StartVerdict,
  type TrafficBytes,
} from './traffic-ledger.service.ts';
export { BillingClock } from './billing-clock.ts';
export { TemplateLockService, lockedTemplates, type TemplateCreation } from './template-locks.ts';
export { DeviceQuotaService, type DeviceQuota } from './device-quota.service.ts';
export type { BillingChangedEvent } from './billing.events.ts';
