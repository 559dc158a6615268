import {
  MonitorPaths,
  SettagPaths,
  type MonitorAddBody,
  type MonitorBatchAddBody,
  type MonitorBatchReply,
  type MonitorDeleteReply,
  type MonitorEditBody,
  type MonitorListReply,
  type MonitorTag,
  type SettagBody,
  type SettagReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Data monitor calls (contracts: monitor.api.ts, settag.api.ts). Form calls are manual. */
export const monitorApi = {
  list: (id: number, signal?: AbortSignal) =>
    http.get<MonitorListReply>(MonitorPaths.list, {
      params: { id },
      manual: true,
      ...(signal ? { signal } : {}),
    }),
  add: (body: MonitorAddBody) => http.post<MonitorTag>(MonitorPaths.add, body, { manual: true }),
  batchAdd: (body: MonitorBatchAddBody) =>
    http.post<MonitorBatchReply>(MonitorPaths.batchAdd, body, { manual: true }),
  edit: (body: MonitorEditBody) => http.post<MonitorTag>(MonitorPaths.edit, body, { manual: true }),
  delete: (id: number, pointIds: number[]) =>
    http.post<MonitorDeleteReply>(MonitorPaths.delete, { id, point_ids: pointIds }, { manual: true }),
  settag: (body: SettagBody) => http.post<SettagReply>(SettagPaths.settag, body, { manual: true }),
};

export const monitorKeys = {
  all: ['monitor'] as const,
  list: (id: number) => ['monitor', 'list', id] as const,
};
