import {
  AlarmPaths,
  ProjectPaths,
  type AlarmRecordListReply,
  type ProjectDetail,
  type ProjectScreen,
  type ScreenWriteBody,
  type ScreenWriteReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/*
 * The runtime's calls (contract: packages/domain/src/api/project.api.ts): the project and its
 * screens, a widget's write (the server resolves binding and value from the stored screen), and
 * the active alarms of one device for the alarm list. Manual: the page and the widgets show
 * failures where they happen (a write's with the failure toast, a list's inside the widget).
 */

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const scadaApi = {
  detail: (id: number, signal?: AbortSignal) =>
    http.get<ProjectDetail>(ProjectPaths.detail, { params: { id }, manual: true, ...signalOf(signal) }),
  screen: (id: number, signal?: AbortSignal) =>
    http.get<ProjectScreen>(ProjectPaths.screen, { params: { id }, manual: true, ...signalOf(signal) }),
  write: (body: ScreenWriteBody) => http.post<ScreenWriteReply>(ProjectPaths.write, body, { manual: true }),
  /** The open (alarm or acknowledged, not recovered) records of a device, newest first. */
  activeAlarms: (deviceId: number, rows: number, signal?: AbortSignal) =>
    http.get<AlarmRecordListReply>(AlarmPaths.recordList, {
      params: { device_id: deviceId, active: 'true', page: 1, page_size: rows },
      manual: true,
      ...signalOf(signal),
    }),
};

export const scadaKeys = {
  all: ['scada'] as const,
  detail: (id: number) => ['scada', 'project', id] as const,
  screen: (id: number) => ['scada', 'screen', id] as const,
  alarms: (deviceId: number, rows: number) => ['scada', 'alarms', deviceId, rows] as const,
};
