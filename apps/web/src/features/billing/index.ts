/** Public entry of features/billing: what other features use of it (the only way they reach it). */
export { billingKeys } from './billing.api.ts';
export { useCardTypeName, useCardTypes } from './use-card-types.ts';
export { DeviceQuotaAlert } from './DeviceQuotaAlert.tsx';
