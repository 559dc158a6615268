/** Public entry of features/billing: what other features use of it (the only way they reach it). */
export { billingKeys } from './billing.api.ts';
export { useCardTypeName, useCardTypes } from './use-card-types.ts';
export { DeviceQuotaAlert } from './DeviceQuotaAlert.tsx';
export { MY_ACCOUNT_PATH, raSectionHref } from './billing-routes.ts';
export { useBillingAccess } from './use-billing-access.ts';
export { useDeviceTraffic } from './use-traffic.ts';
