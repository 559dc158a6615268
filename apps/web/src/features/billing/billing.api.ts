import {
  BillingPaths,
  type BillingCard,
  type CardActivateBody,
  type CardKind,
  type CardTypesReply,
  type DeviceTagQuota,
  type MyAccountReply,
  type RechargeRecordQuery,
  type RechargeRecordReply,
  type TagAllocateBody,
  type TagAllocation,
  type TagAllocationsReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { envelopeOrBytes } from '../history/index.ts';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The filters of the recharge records export: the list's, without paging, plus the UTC offset. */
export type RechargeExportParams = Omit<RechargeRecordQuery, 'page' | 'page_size'> & { tz: number };

/**
 * Billing calls (contract: packages/domain/src/api/billing.api.ts). Activation and allocation are
 * manual: their failures are placed in their dialogs. In region cn every call answers 1002 (the
 * menu hides the billing section there).
 */
export const billingApi = {
  cardTypes: (signal?: AbortSignal) => http.get<CardTypesReply>(BillingPaths.cardTypes, signalOf(signal)),
  myAccount: (signal?: AbortSignal) => http.get<MyAccountReply>(BillingPaths.myAccount, signalOf(signal)),
  activate: (type: CardKind, body: CardActivateBody) =>
    http.post<BillingCard>(type === 'ca' ? BillingPaths.activateCa : BillingPaths.activateRa, body, {
      manual: true,
    }),
  allocate: (body: TagAllocateBody) =>
    http.post<TagAllocation>(BillingPaths.allocateTags, body, { manual: true }),
  allocations: (signal?: AbortSignal) =>
    http.get<TagAllocationsReply>(BillingPaths.allocations, signalOf(signal)),
  deviceTags: (deviceId: number, signal?: AbortSignal) =>
    http.get<DeviceTagQuota>(BillingPaths.deviceTags, { params: { id: deviceId }, ...signalOf(signal) }),
  records: (query: RechargeRecordQuery, signal?: AbortSignal) =>
    http.get<RechargeRecordReply>(BillingPaths.rechargeRecords, { params: query, ...signalOf(signal) }),
  /** The xlsx as bytes; an error reply stays an envelope the caller shows (manual). */
  exportRecords: (params: RechargeExportParams) =>
    http.get<ArrayBuffer>(BillingPaths.rechargeExport, {
      params,
      responseType: 'arraybuffer',
      transformResponse: [envelopeOrBytes],
      timeout: 10 * 60_000,
      manual: true,
    }),
};

export const billingKeys = {
  all: ['billing'] as const,
  cardTypes: ['billing', 'cardTypes'] as const,
  myAccount: ['billing', 'myAccount'] as const,
  allocations: ['billing', 'allocations'] as const,
  deviceTagsAll: ['billing', 'deviceTags'] as const,
  deviceTags: (deviceId: number) => ['billing', 'deviceTags', deviceId] as const,
  recordsAll: ['billing', 'records'] as const,
  records: (query: RechargeRecordQuery) => ['billing', 'records', query] as const,
};
