import {
  BillingPaths,
  TrafficPaths,
  type MonthTrafficBody,
  type MonthTrafficList,
  type RaAllocateBody,
  type RaAllocation,
  type RaTrafficReply,
  type TrafficMonthState,
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
  /** Remote Access: an RA card's traffic to a device (ra-allocate 21), manual (its dialog). */
  allocateRa: (body: RaAllocateBody) =>
    http.post<RaAllocation>(TrafficPaths.allocate, body, { manual: true }),
  /** The month switch (21): manual, its refusals are shown beside the switch. */
  switchMonth: (body: MonthTrafficBody) =>
    http.post<TrafficMonthState>(TrafficPaths.monthTraffic, body, { manual: true }),
  /** Every device's traffic of a month (21). */
  monthTraffic: (month: string | undefined, signal?: AbortSignal) =>
    http.post<MonthTrafficList>(TrafficPaths.monthTraffic, month ? { month } : {}, signalOf(signal)),
  /** One device's RA cards and months (view 17). */
  deviceTraffic: (deviceId: number, month: string | undefined, signal?: AbortSignal) =>
    http.get<RaTrafficReply>(TrafficPaths.traffic, {
      params: month ? { device_id: deviceId, month } : { device_id: deviceId },
      ...signalOf(signal),
    }),
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
  trafficAll: ['billing', 'traffic'] as const,
  monthTraffic: (month: string | undefined) => ['billing', 'traffic', 'month', month ?? ''] as const,
  deviceTraffic: (deviceId: number, month: string | undefined) =>
    ['billing', 'traffic', 'device', deviceId, month ?? ''] as const,
  records: (query: RechargeRecordQuery) => ['billing', 'records', query] as const,
};
