import {
  DeviceConnectionPaths,
  DevicePaths,
  HistoryPaths,
  SettagPaths,
  type DeviceConnectionLogReply,
  type DeviceDetail,
  type IngestDrops,
  type TagWriteLogReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * Calls of the device page that no other screen makes (contracts: device.api.ts,
 * device-connection.api.ts, settag.api.ts, history.api.ts). The detail is manual: a device that
 * is gone (unbound, another team's) is a state of the page, not a toast.
 */
export const devicePageApi = {
  detail: (id: number, signal?: AbortSignal) =>
    http.get<DeviceDetail>(DevicePaths.detail, { params: { id }, manual: true, ...signalOf(signal) }),
  onlineLog: (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
    http.get<DeviceConnectionLogReply>(DeviceConnectionPaths.log, {
      params: { id, page, page_size: pageSize },
      ...signalOf(signal),
    }),
  tagWrites: (id: number, pageSize: number, signal?: AbortSignal) =>
    http.get<TagWriteLogReply>(SettagPaths.log, {
      params: { id, page: 1, page_size: pageSize },
      ...signalOf(signal),
    }),
  drops: (id: number, signal?: AbortSignal) =>
    http.get<IngestDrops>(HistoryPaths.drops, { params: { id }, ...signalOf(signal) }),
};

export const devicePageKeys = {
  /** Shared with the history screen's device query (same reply). */
  detail: (id: number) => ['device', 'detail', id] as const,
  onlineLog: (id: number, page: number, pageSize: number) =>
    ['device', 'online-log', id, page, pageSize] as const,
  onlineLogAll: (id: number) => ['device', 'online-log', id] as const,
  tagWrites: (id: number) => ['device', 'tag-writes', id] as const,
  drops: (id: number) => ['device', 'drops', id] as const,
};
